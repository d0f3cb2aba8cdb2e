import Crypto
import Fluent
import Foundation
import KineticCore
import Vapor

/// `Idempotency-Key` on signed-in `POST`s (the API's, and a web form's sent again from a phone's
/// outbox): the first request with a key runs and, if it succeeds (a 2xx, or a form's redirect),
/// its answer is kept a day; the same request again with the same key gets that
/// answer back (`Idempotent-Replayed: true`) and creates nothing. A key sent with a different
/// request is refused (422), and while the first is still running a retry waits its turn (409).
/// An answer that is not a success is not kept, so a retry after it runs again; nor is a first
/// request that never answered (its server stopped) after ``IdempotencyKey/abandonedAfterSeconds``.
/// Expired keys go as new ones come. The rules are ``IdempotencyKey``'s.
struct IdempotencyMiddleware: AsyncMiddleware {
    static let header: HTTPHeaders.Name = "Idempotency-Key"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.method == .POST, let key = request.headers.first(name: Self.header) else {
            return try await next.respond(to: request)
        }
        guard IdempotencyKey.isValid(key) else { throw AppError.idempotencyKeyInvalid }
        let userID = try request.requireUser().requireID()
        let fingerprint = try await Self.fingerprint(of: request)
        let now = request.now
        let cutoff = now.addingTimeInterval(-IdempotencyKey.lifetimeSeconds)
        try await IdempotentRequest.query(on: request.db).filter(\.$createdAt < cutoff).delete()
        let claim = IdempotentRequest(userID: userID, key: key, fingerprint: fingerprint, createdAt: now)
        // Claimed by inserting the key: of requests racing with one key, one inserts it.
        for attempt in 1...3 {
            do {
                try await claim.create(on: request.db)
                break
            } catch let error as any DatabaseError where error.isConstraintFailure {
                // A request with this key came before (or went as this one came: look again).
                guard attempt < 3 else { throw AppError.idempotencyKeyInProgress }
                guard let earlier = try await Self.earlier(userID, key, on: request.db) else { continue }
                let outcome = IdempotencyKey.outcome(
                    stored: earlier.fingerprint, answered: earlier.status != nil,
                    startedSecondsAgo: now.timeIntervalSince(earlier.createdAt), fingerprint: fingerprint)
                switch outcome {
                case .replay: return Self.replay(earlier)
                case .reusedForAnotherRequest: throw AppError.idempotencyKeyReused
                case .stillRunning: throw AppError.idempotencyKeyInProgress
                case .runAgain: try await earlier.delete(on: request.db)
                }
            }
        }
        let response: Response
        do {
            response = try await next.respond(to: request)
        } catch {
            try? await claim.delete(on: request.db)
            throw error
        }
        // A success is kept (an empty body too: a 204 or a form's 303); anything else may be tried again.
        if (200..<400).contains(response.status.code), let body = response.body.data ?? (response.body.count == 0 ? Data() : nil) {
            claim.status = Int(response.status.code)
            claim.contentType = response.headers.first(name: .contentType)
            claim.location = response.headers.first(name: .location)
            claim.body = body
            try await claim.update(on: request.db)
        } else {
            try await claim.delete(on: request.db)
        }
        return response
    }

    private static func earlier(_ userID: UUID, _ key: String, on database: any Database) async throws -> IdempotentRequest? {
        try await IdempotentRequest.query(on: database).filter(\.$user.$id == userID).filter(\.$key == key).first()
    }

    private static func replay(_ earlier: IdempotentRequest) -> Response {
        var headers = HTTPHeaders([("Idempotent-Replayed", "true")])
        if let contentType = earlier.contentType { headers.replaceOrAdd(name: .contentType, value: contentType) }
        if let location = earlier.location { headers.replaceOrAdd(name: .location, value: location) }
        return Response(
            status: HTTPResponseStatus(statusCode: earlier.status ?? 200), headers: headers, body: .init(data: earlier.body ?? Data()))
    }

    /// The method, path and query, and the body: its digest when it is small enough to read
    /// here (reading it keeps it for the route; JSON with its members in one order), else its
    /// length and type, so a large upload keeps streaming.
    private static func fingerprint(of request: Request) async throws -> String {
        let length = request.headers.first(name: .contentLength).flatMap(Int.init)
        let body: String
        if let length, length <= IdempotencyKey.comparedBodyBytes {
            let bytes = try await request.body.collect(max: IdempotencyKey.comparedBodyBytes).get()
            var data = bytes.map { Data($0.readableBytesView) } ?? Data()
            // JSON as its members say, whatever order a client's encoder wrote them in this time.
            if request.headers.contentType?.subType == "json",
                let value = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed),
                let canonical = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
            {
                data = canonical
            }
            body = SHA256.hash(data: data).hex
        } else {
            body = "\(length.map(String.init) ?? "chunked") bytes of \(request.headers.first(name: .contentType) ?? "?")"
        }
        return IdempotencyKey.fingerprint(method: request.method.rawValue, pathAndQuery: request.url.string, body: body)
    }
}
