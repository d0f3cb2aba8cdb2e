import Foundation

/// One of the test peers in `scripts/peers/` (an SMTP server, a Connections server), started
/// for one test on a free port and stopped when released (or when the tests die: it stops when
/// its standard input closes).
final class PeerProcess: @unchecked Sendable {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    init(_ script: String, _ arguments: [String] = []) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/peers/\(script)").path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening "), let port = Int(text.dropFirst(10)) else {
            try? input.fileHandleForWriting.close()
            throw PeerDidNotStart(script: script, output: text)
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    struct PeerDidNotStart: Error {
        let script: String
        let output: String
    }
}
