import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// `kinetic serve` as its own process (the executable `swift build --build-tests` made), for the
/// tests that stop a server the hard way or run two at once. Runs from the repository root.
final class ServerProcess: @unchecked Sendable {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var executable: URL { root.appendingPathComponent(".build/debug/kinetic") }
    /// Whether the tests that start servers run (`KINETIC_PROCESS_TESTS=1`).
    static let testsEnabled = ProcessInfo.processInfo.environment["KINETIC_PROCESS_TESTS"] == "1"

    let port: Int
    private let process = Process()
    let log: URL

    /// Starts a server on a free port with `environment` added to this one's and `arguments`
    /// after `serve`'s own; returns once it answers `/healthz` (at once unless `waitForHealth`).
    /// It mixes no starter songs unless `environment` names where they are: each would take
    /// seconds of ffmpeg beside the test, and none of these tests plays one.
    init(dataDirectory: URL, environment: [String: String], arguments: [String] = [], waitForHealth: Bool = true) async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.executable.path), "build the server first: swift build --build-tests")
        port = try Self.freePort()
        log = dataDirectory.appendingPathComponent("server-\(port).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = Self.executable
        process.currentDirectoryURL = Self.root
        process.arguments =
            ["serve", "--no-demo", "--data-dir", dataDirectory.path, "--hostname", "127.0.0.1", "--port", String(port)] + arguments
        let settings = ["KINETIC_STARTER_SONGS_DIR": "none"].merging(environment) { $1 }
        process.environment = ProcessInfo.processInfo.environment.merging(settings) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        if waitForHealth { try await waitUntilHealthy() }
    }

    /// Returns once the server answers `/healthz`; fails the test after a minute.
    func waitUntilHealthy() async throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let (status, _) = try? await request(.GET, "/healthz"), status == 200 { return }
            guard process.isRunning else { break }
            try await Task.sleep(nanoseconds: 200_000_000)
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        process.terminate()
        Issue.record("the server did not start: \(output.suffix(2000))")
        throw CancellationError()
    }

    /// Stops it at once, as a power cut would: nothing it was doing is finished.
    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// A JSON request to the server: its status and the parsed body.
    func request(_ method: HTTPMethod, _ path: String, body: Any? = nil, token: String? = nil) async throws -> (Int, Any?) {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        request.headers.add(name: "Content-Type", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body { request.body = .bytes(ByteBuffer(data: try JSONSerialization.data(withJSONObject: body))) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let data = Data(buffer: try await response.body.collect(upTo: 16 << 20))
        return (Int(response.status.code), data.isEmpty ? nil : try? JSONSerialization.jsonObject(with: data))
    }

    /// Runs a program this package built (`kinetic`, `kinetic-client`) to its end: its exit
    /// status and what it printed, standard output and error together.
    static func runBuilt(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = root.appendingPathComponent(".build/debug/\(program)")
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    private static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
