import Foundation
import HTTPTypes
import KineticAPI
import NIOConcurrencyHelpers
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Testing

@testable import App

/// A real `kinetic serve` with a real SMTP peer and push service, and clients of it made from KineticAPI, the
/// client generated from `Resources/openapi.yaml`: what an iOS app would talk to, decoded the
/// way it would decode it.
final class ContractServer: @unchecked Sendable {
    let mailbox: Mailbox
    let push: PushPeer
    let directory: URL
    let server: ServerProcess
    let database: String?
    let calls = OperationLog()

    init() async throws {
        mailbox = try Mailbox()
        push = try PushPeer()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-contract-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A database of its own. The server stops in deinit, which cannot wait for a drop, so the
        // database stays behind with the run's template (scripts/test throws its cluster away).
        database = try await TestDatabase.create()
        server = try await ServerProcess(
            dataDirectory: directory,
            environment: [
                "KINETIC_SMTP_URL": "smtp://127.0.0.1:\(mailbox.peer.port)?starttls=never", "KINETIC_MAIL_FROM": "wishes@kinetic.test",
                "KINETIC_PUBLIC_URL": "http://kinetic.test", "KINETIC_BCRYPT_COST": "4", "KINETIC_WISH_POLL_SECONDS": "0.2",
                "KINETIC_SIGNUP_BURST_PER_ADDRESS": "1000", "DATABASE_URL": database ?? "", "LOG_LEVEL": "warning",
                "KINETIC_PUSH_SERVICES": push.origin,
            ])
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    var url: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

    /// A client signed in with `token`, or signed out without one.
    func client(_ token: String? = nil) -> Client {
        Client(
            serverURL: url, transport: AsyncHTTPClientTransport(), middlewares: [calls] + (token.map { [BearerToken($0)] } ?? []))
    }

    /// Runs `kinetic` with `arguments` against this server's data, as its operator would; what it printed.
    @discardableResult
    func command(_ arguments: [String]) throws -> String {
        let (status, output) = try ServerProcess.runBuilt(
            "kinetic", arguments + ["--data-dir", directory.path],
            environment: ProcessInfo.processInfo.environment.merging(["DATABASE_URL": database ?? ""]) { $1 })
        try #require(status == 0, "kinetic \(arguments.joined(separator: " ")): \(output)")
        return output
    }

    /// Signs an account up and confirms its address with the link the SMTP peer received.
    func confirmedAccount(_ name: String) async throws -> ContractAccount {
        let email = "\(name.lowercased())-\(UUID().uuidString.prefix(8).lowercased())@kinetic.test"
        let auth = try await client().signUp(body: .json(.init(name: name, email: email, password: Self.password))).created.body.json
        let token = try #require(try await mailbox.lastToken(to: email, after: "/address/"), "no confirmation link for \(email)")
        let confirmed = try await client().confirmAddress(body: .json(.init(token: token))).ok.body.json
        #expect(confirmed.emailVerified)
        return ContractAccount(email: email, token: auth.token, customerId: auth.customerId)
    }

    static let password = "contract-password-1"
    /// Ana's password once the contract test has changed it.
    static let changedPassword = "contract-password-2"
}

/// An account of the contract test, its address confirmed.
struct ContractAccount {
    let email: String
    let token: String
    let customerId: String
}

/// Every operation called through the generated client, with the statuses it answered.
final class OperationLog: ClientMiddleware, @unchecked Sendable {
    private let statuses = NIOLockedValueBox<[String: Set<Int>]>([:])
    private let order = NIOLockedValueBox<[String]>([])

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        statuses.withLockedValue { $0[operationID, default: []].insert(response.status.code) }
        order.withLockedValue { $0.append("\(operationID) \(response.status.code)") }
        return (response, responseBody)
    }

    var called: [String: Set<Int>] { statuses.withLockedValue { $0 } }
    /// The last calls and their statuses, to say where a run stopped.
    var last: [String] { order.withLockedValue { Array($0.suffix(3)) } }

    /// The `operationId`s of `Resources/openapi.yaml`.
    static func documented() throws -> Set<String> {
        let text = try String(contentsOf: ServerProcess.root.appendingPathComponent("Resources/openapi.yaml"), encoding: .utf8)
        return Set(
            text.split(separator: "\n").compactMap { line in
                let trimmed = line.drop { $0 == " " }
                return trimmed.hasPrefix("operationId: ") ? String(trimmed.dropFirst("operationId: ".count)) : nil
            })
    }
}

extension HTTPBody {
    /// The whole body, for the small answers the contract test reads.
    func bytes() async throws -> Data { try await Data(collecting: self, upTo: 64 << 20) }
}
