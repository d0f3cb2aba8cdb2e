import Foundation
import KineticCore
import NIOCore
import Testing
import VaporTesting

@testable import App

/// Request bodies and connections over a real socket: what hostile or broken clients send
/// (a declared size past the limit, a body that stalls or drips, headers that never end, a
/// client that goes away mid-body) is answered or closed, and never ends the process.
@Suite struct RequestBodyTests {
    private static let quickPace = BodyPace(minimumBytesPerSecond: 1_000, grace: 0.5, longestPause: 1)

    private func uploadFiles(_ app: Application) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: app.kineticConfiguration.uploadDirectory)) ?? []
    }

    /// Whether `condition` holds within a few seconds: a refused upload's file is removed as
    /// its request unwinds, a moment after the answer has gone.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<250 where !condition() { try? await Task.sleep(for: .milliseconds(20)) }
        return condition()
    }

    private func head(_ path: String, token: String, contentLength: Int, type: String = "application/xml") -> String {
        "POST \(path) HTTP/1.1\r\nHost: kinetic.test\r\nAuthorization: Bearer \(token)\r\nContent-Type: \(type)\r\n"
            + "Content-Length: \(contentLength)\r\n\r\n"
    }

    /// The audit's 2 GiB `Content-Length` on the contacts import was read at 1 KB/s for a
    /// minute; every route with a body now answers from the header alone.
    @Test func aDeclaredBodyPastTheRouteLimit_isAnswered413BeforeItIsRead() async throws {
        try await withKinetic(maximumUploadBytes: 1 << 20) { app in
            let account = try await app.signUp()
            try await app.whileListening { port in
                for (path, type) in [
                    ("/api/v1/wishes/contacts/import", "text/vcard"), ("/api/v1/health/import", "application/xml"),
                    ("/api/v1/wishes/photos", "image/jpeg"), ("/api/v1/songs?filename=a.mp3", "audio/mpeg"),
                    ("/api/v1/wishes", "application/json"), ("/api/v1/fitness-tests/rate", "application/json"),
                ] {
                    let connection = try await RawConnection.open(port: port)
                    try await connection.send(head(path, token: account.token, contentLength: 2_147_483_648, type: type))
                    try await connection.send(String(repeating: "x", count: 512))
                    #expect(await connection.wait(upTo: 10) { $0.status != nil }, "\(path)")
                    #expect(connection.status == 413, "\(path): \(connection.received.prefix(80))")
                    await connection.close()
                }
            }
            #expect(uploadFiles(app).isEmpty)
        }
    }

    /// One account opening many uploads at once has four read at a time: the fifth is 503
    /// `busy` with `Retry-After` from its headers alone, before any queue has seen the others.
    @Test func aFifthUploadAtOnce_isRefusedBeforeItIsRead() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let sender = try #require(UUID(uuidString: account.customerId))
            try await app.whileListening { port in
                var open: [RawConnection] = []
                for _ in 0..<UploadsInFlight.perSender {
                    let connection = try await RawConnection.open(port: port)
                    try await connection.send(
                        head("/api/v1/wishes/photos", token: account.token, contentLength: 1 << 20, type: "image/jpeg"))
                    try await connection.send(String(repeating: "x", count: 1024))
                    open.append(connection)
                }
                // The first four are being read: the next waits for the count, not the body.
                #expect(await open[0].wait(upTo: 10) { _ in app.uploadsInFlight.count(of: sender) == 4 })
                let fifth = try await RawConnection.open(port: port)
                try await fifth.send(head("/api/v1/wishes/photos", token: account.token, contentLength: 1 << 20, type: "image/jpeg"))
                // (Vapor hands a request on once a first piece of its body arrives.)
                try await fifth.send(String(repeating: "x", count: 1024))
                #expect(await fifth.wait(upTo: 10) { $0.status != nil })
                #expect(fifth.status == 503, "\(fifth.received.prefix(200))")
                #expect(fifth.received.lowercased().contains("retry-after: 5"))
                await fifth.close()
                for connection in open { await connection.close() }
            }
        }
    }

    /// A body that stops arriving, or arrives a few bytes at a time, is refused with 408 once
    /// the pace says so, and its file goes.
    @Test(arguments: [false, true]) func aStalledOrDrippingBody_isAnswered408_andLeavesNoFile(dripping: Bool) async throws {
        try await withKinetic(adjust: { $0.bodyPace = Self.quickPace }) { app in
            let account = try await app.signUp()
            try await app.whileListening { port in
                let connection = try await RawConnection.open(port: port)
                try await connection.send(head("/api/v1/health/import", token: account.token, contentLength: 100_000))
                try await connection.send(String(repeating: " ", count: 300))
                var sent = 0
                let answered = await connection.wait(upTo: 10) { $0.status != nil }
                if dripping {
                    // Several pieces a second: never a pause, but far below the rate.
                    while connection.status == nil, sent < 100 {
                        try? await connection.send("  ")
                        sent += 1
                        try await Task.sleep(for: .milliseconds(100))
                    }
                }
                #expect(answered || connection.status != nil)
                #expect(connection.status == 408, "\(connection.received.prefix(120))")
                #expect(connection.received.contains("upload_too_slow"))
                await connection.close()
            }
            #expect(await eventually { uploadFiles(app).isEmpty })
        }
    }

    /// Headers that never end hold a connection only until the idle timeout.
    @Test func aConnectionThatStopsMidHeaders_isClosedAfterTheIdleTimeout() async throws {
        try await withKinetic(adjust: { $0.idleTimeoutSeconds = 1 }) { app in
            try await app.whileListening { port in
                let connection = try await RawConnection.open(port: port)
                try await connection.send("GET /livez HTTP/1.1\r\nHost: kinetic.test\r\n")
                #expect(await connection.wait(upTo: 10) { $0.isClosed })
                #expect(connection.status == nil)
            }
        }
    }

    /// The audit's crash: Vapor's streamed body ended the process when clients went away
    /// mid-body while others uploaded (vapor/vapor#3153). Rounds of concurrent uploads, half of
    /// them cut off (closed or reset) and some past the limit, leave the server answering, every
    /// whole upload read and counted, and nothing in the upload directory.
    @Test func concurrentUploadsCutOffMidBody_leaveTheServerAnswering_andEveryWholeUploadRead() async throws {
        // Refused bodies are no longer read: their connections close at the idle timeout, here
        // shorter than the default, yet longer than a whole upload's answer takes on a busy machine.
        try await withKinetic(maximumUploadBytes: 1 << 20, adjust: { $0.idleTimeoutSeconds = 30 }) { app in
            // Six accounts, four uploads each at once: as many as one account may send together.
            var signedUp: [TestAccount] = []
            for _ in 0..<6 { signedUp.append(try await app.signUp()) }
            let accounts = signedUp
            let account = accounts[0]
            let export = StepsAPITests.export + String(repeating: " ", count: 200_000)
            try await app.whileListening { port in
                for round in 0..<3 {
                    let statuses = try await withThrowingTaskGroup(of: (String, Int?).self) { group in
                        for index in 0..<24 {
                            group.addTask {
                                let connection = try await RawConnection.open(port: port)
                                let kind = ["whole", "closed", "reset", "too large"][index % 4]
                                let body = kind == "too large" ? String(repeating: " ", count: 1_200_000) : export
                                // A body past the limit is sent without its length, so it is counted as it comes.
                                let declared = kind == "too large" ? nil : body.utf8.count
                                var request = head(
                                    "/api/v1/health/import", token: accounts[index % accounts.count].token, contentLength: declared ?? 0)
                                if declared == nil {
                                    request = request.replacingOccurrences(of: "Content-Length: 0", with: "Transfer-Encoding: chunked")
                                }
                                try await connection.send(request)
                                let bytes = Array(body.utf8)
                                let cut = kind == "closed" || kind == "reset" ? bytes.count / (2 + round) : bytes.count
                                var offset = 0
                                while offset < cut {
                                    let piece = Array(bytes[offset..<min(cut, offset + 16_384)])
                                    let framed =
                                        declared == nil
                                        ? Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8) : piece
                                    do { try await connection.send(framed) } catch { break }
                                    offset += piece.count
                                }
                                if declared == nil { try? await connection.send("0\r\n\r\n") }
                                if kind == "closed" || kind == "reset" {
                                    await connection.close(reset: kind == "reset")
                                    return (kind, nil)
                                }
                                _ = await connection.wait(upTo: 60) { $0.status != nil }
                                let status = connection.status
                                await connection.close()
                                return (kind, status)
                            }
                        }
                        var statuses: [String: [Int?]] = [:]
                        for try await (kind, status) in group { statuses[kind, default: []].append(status) }
                        return statuses
                    }
                    #expect(statuses["whole"] == Array(repeating: 200, count: 6), "round \(round): \(statuses)")
                    #expect(statuses["too large"] == Array(repeating: 413, count: 6), "round \(round): \(statuses)")
                    let live = try await RawConnection.open(port: port)
                    try await live.send("GET /livez HTTP/1.1\r\nHost: kinetic.test\r\n\r\n")
                    #expect(await live.wait(upTo: 10) { $0.status == 200 }, "round \(round)")
                    await live.close()
                }
            }
            let days = try await app.dailyStepTotals("from=2021-03-01&to=2021-03-31", token: account.token)
            #expect(days == ["2021-03-01": 500 + 600, "2021-03-02": 2_500], "imported whole, and counted once")
            #expect(await eventually { uploadFiles(app).isEmpty })
        }
    }
}
