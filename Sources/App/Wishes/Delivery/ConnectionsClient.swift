import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Posts status updates to IBM/HCL Connections' microblog
/// (`POST …/ublog/@me/@all` with `{"content": …}`), saying for each whether it was posted, is
/// worth another try (a timeout, no connection, 408, 429 or 5xx) or never will be (other 4xx).
/// The live value is ``live(settings:http:timeout:)``; a test makes one of its own.
struct ConnectionsClient: Sendable {
    enum Outcome: Equatable, Sendable {
        /// Posted; the id Connections gave the entry, when it said.
        case posted(id: String?)
        case temporaryFailure(String)
        case permanentFailure(String)
    }

    /// Posts `content` with `idempotencyKey` (see ``post(_:idempotencyKey:)``).
    let send: @Sendable (_ content: String, _ idempotencyKey: String) async -> Outcome

    /// Posts `content`. `idempotencyKey` (the delivery's id) goes along as `Idempotency-Key`, so
    /// a server that honours it can tell a retry from a new post.
    func post(_ content: String, idempotencyKey: String) async -> Outcome {
        await send(content, idempotencyKey)
    }
}

extension ConnectionsClient {
    /// The microblog `settings` name, over `http`; a post waits `timeout` for its answer.
    static func live(settings: ConnectionsSettings, http: HTTPClient, timeout: TimeAmount = .seconds(15)) -> ConnectionsClient {
        ConnectionsClient { content, key in
            await sendOverHTTP(content, idempotencyKey: key, settings: settings, http: http, timeout: timeout)
        }
    }

    private static func sendOverHTTP(
        _ content: String, idempotencyKey: String, settings: ConnectionsSettings, http: HTTPClient, timeout: TimeAmount
    ) async -> Outcome {
        var request = HTTPClientRequest(url: settings.statusUpdatesURL)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "Authorization", value: settings.authorization)
        request.headers.add(name: "Idempotency-Key", value: idempotencyKey)
        let body = (try? JSONSerialization.data(withJSONObject: ["content": content])) ?? Data()
        request.body = .bytes(ByteBuffer(data: body))
        do {
            let response = try await http.execute(request, timeout: timeout)
            let answer = try await response.body.collect(upTo: 1 << 20)
            let status = response.status
            guard (200..<300).contains(status.code) else {
                let reason = "Connections answered \(status.code) \(status.reasonPhrase)"
                let temporary = status.code >= 500 || status == .requestTimeout || status == .tooManyRequests
                return temporary ? .temporaryFailure(reason) : .permanentFailure(reason)
            }
            return .posted(id: entryID(in: Data(buffer: answer)))
        } catch {
            return .temporaryFailure("Connections did not answer: \(describe(error))")
        }
    }

    private static func entryID(in data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entry = object["entry"] as? [String: Any]
        else { return nil }
        return entry["id"] as? String
    }

    private static func describe(_ error: any Error) -> String {
        if let client = error as? HTTPClientError, client == .deadlineExceeded || client == .readTimeout { return "timed out" }
        return String(describing: error).prefix(200).description
    }
}
