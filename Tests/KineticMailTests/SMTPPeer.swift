import Foundation

/// The SMTP server of `scripts/peers/smtp_peer.py` (aiosmtpd), started for one test.
final class SMTPPeer {
    struct Received: Decodable {
        let mail_from: String
        let rcpt_tos: [String]
        let message_id: String?
        let subject: String
        let to: String
        let parts: [String]
        let text: String?
        let images: [String]
        let file: String
    }

    let port: Int
    let folder: URL
    private let process: Process
    /// Closed when the peer should stop (and by the system when the tests die).
    private let input = Pipe()

    init(_ arguments: [String] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-smtp-\(UUID().uuidString)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/peers/smtp_peer.py").path, "--dir", folder.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableLine(), as: UTF8.self)
        guard line.hasPrefix("listening "), let port = Int(line.dropFirst(10).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw PeerDidNotStart(output: line)
        }
        self.port = port
    }

    /// What the server accepted so far, in order.
    func received() throws -> [Received] {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("messages.jsonl")) else { return [] }
        return try data.split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(Received.self, from: Data($0)) }
    }

    /// The raw message as received.
    func raw(_ message: Received) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(message.file), encoding: .utf8)
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    struct PeerDidNotStart: Error {
        let output: String
    }
}

extension FileHandle {
    /// Bytes up to the first newline (or the end).
    func availableLine() -> Data {
        var line = Data()
        while true {
            let byte = readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { return line }
            line.append(byte)
        }
    }
}
