import Foundation
import KineticMail

@testable import App

/// A real SMTP peer (`scripts/peers/smtp_peer.py`) and what it received, for tests of the
/// e-mails Kinetic sends.
final class Mailbox: @unchecked Sendable {
    let peer: PeerProcess
    let folder: URL

    struct Message: Decodable {
        let rcpt_tos: [String]
        let subject: String
        let text: String?
        let html: String?
        let headers: [String: String]
    }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-mailbox-\(UUID())")
        peer = try PeerProcess("smtp_peer.py", ["--dir", folder.path])
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Sets a configuration up to send through this peer, with links under `http://kinetic.test`.
    func configure(_ configuration: inout KineticConfiguration) {
        configuration.mail.smtp = SMTPSettings(host: "127.0.0.1", port: peer.port, security: .plain)
        configuration.mail.from = MailAddress("wishes@kinetic.test")
        configuration.publicURL = "http://kinetic.test"
    }

    /// Every message received so far, oldest first.
    func messages() throws -> [Message] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("messages.jsonl"), encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Message.self, from: Data($0.utf8)) }
    }

    /// The messages to `address`.
    func messages(to address: String) throws -> [Message] {
        try messages().filter { $0.rcpt_tos.contains(address) }
    }

    /// The token of the last link to `address` whose path starts with `prefix` (`/address/`)
    /// the peer has received, waiting until it has one: some e-mails go after their request is
    /// answered, from a task of the server's. It looks every 50 ms, giving its thread back meanwhile (a blocking wait
    /// held one of the two that run every task, and two tests waiting at once starved the
    /// tasks that send what they waited for); after a minute it gives up.
    func lastToken(to address: String, after prefix: String) async throws -> String? {
        let deadline = Date().addingTimeInterval(60)
        repeat {
            if let text = try messages(to: address).last(where: { $0.text?.contains("http://kinetic.test" + prefix) == true })?.text,
                let range = text.range(of: "http://kinetic.test" + prefix)
            {
                return String(text[range.upperBound...].prefix { !$0.isWhitespace })
            }
            try await Task.sleep(for: .milliseconds(50))
        } while Date() < deadline
        return nil
    }
}
