import Foundation
import NIOCore
import Testing
import Vapor

@testable import App

/// A large body is parsed on a worker thread, never where requests are answered: a signed-in
/// user's on the tool threads in their turn, anyone else's on the application's thread pool.
@Suite struct RequestParsingTests {
    /// The name of the thread this runs on, as Linux keeps it (NIO names its event loops
    /// `NIO-ELT-…` and the threads of a pool `TP-#…`).
    @Sendable static func threadName() -> String {
        ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines)
    }

    @Test func aLargeBody_isParsedOnAWorkerThread_aSmallOneAtOnce() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let user = try #require(try await User.find(UUID(uuidString: account.customerId), on: app.db))
            let signedIn = Request(application: app, method: .POST, url: "/", on: app.eventLoopGroup.next())
            signedIn.auth.login(user)
            let anonymous = Request(application: app, method: .POST, url: "/", on: app.eventLoopGroup.next())
            let large = Request.inlineParsingBytes + 1

            let toolThread = try await signedIn.parsing(bytes: large, Self.threadName)
            let poolThread = try await anonymous.parsing(bytes: large, Self.threadName)
            let inline = try await signedIn.parsing(bytes: Request.inlineParsingBytes, Self.threadName)
            #expect(toolThread.hasPrefix("TP-"), "\(toolThread)")
            #expect(poolThread.hasPrefix("TP-"), "\(poolThread)")
            #expect(!inline.hasPrefix("TP-"), "\(inline)")
        }
    }

    /// Parsing has its own lane: a user whose tool line is full (a song being analysed, four
    /// more waiting) still has their large JSON read, where the tool line would answer 503.
    @Test func aLargeBody_isNotParsedInTheToolLine() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let user = try #require(try await User.find(UUID(uuidString: account.customerId), on: app.db))
            let userID = try user.requireID()
            let (opened, open) = AsyncStream.makeStream(of: Void.self)
            let tools = app.tools(for: .user(userID))
            var held: [Task<Void, any Error>] = []
            for _ in 0..<5 {
                held.append(Task { try await tools.run { for await _ in opened { break } } })
            }
            // The line is full once a sixth piece of work is refused.
            while true {
                do { try await tools.checkRoom() } catch is ToolQueue.Full { break }
                await Task.yield()
            }
            let request = Request(application: app, method: .POST, url: "/", on: app.eventLoopGroup.next())
            request.auth.login(user)
            #expect(try await request.parsing(bytes: Request.inlineParsingBytes + 1) { "read" } == "read")
            open.finish()
            for task in held { try await task.value }
        }
    }

    /// A large JSON body that is no JSON is still 400 `invalid_json`, from the worker thread.
    @Test func aLargeBodyThatIsNoJSON_is400() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let body = "[" + String(repeating: "1,", count: 20_000) + "oops]"
            let response = try await app.testing().sendRequest(
                .PUT, "/api/v1/steps/sources",
                headers: ["Content-Type": "application/json", "Authorization": "Bearer \(account.token)"],
                body: ByteBuffer(string: body))
            #expect(response.status == .badRequest)
            #expect(response.body.string.contains("invalid_json"))
        }
    }
}
