import Foundation
import NIOCore

/// One conversation with the server: each command written, each reply read in turn.
struct SMTPSession {
    var replies: NIOAsyncChannelInboundStream<SMTPReply>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

    /// Reads the next reply; a positive or intermediate one is returned, an error thrown.
    @discardableResult
    mutating func expect(_ step: String) async throws -> SMTPReply {
        let reply = try await next()
        guard reply.isPositive || reply.isIntermediate else { throw SMTPFailure.refused(step: step, reply: reply) }
        return reply
    }

    /// Writes `line` (CRLF added) and reads its reply, throwing unless it is positive or intermediate.
    @discardableResult
    mutating func command(_ line: String, step: String) async throws -> SMTPReply {
        try await write(line)
        return try await expect(step)
    }

    /// EHLO; the extensions the server offers, upper-cased keywords with their parameters.
    mutating func hello(_ name: String) async throws -> Set<String> {
        let reply = try await command("EHLO \(name)", step: "EHLO")
        var features = Set<String>()
        for line in reply.lines.dropFirst() {
            let words = line.uppercased().split(separator: " ")
            guard let keyword = words.first else { continue }
            features.insert(String(keyword))
            if keyword == "AUTH" { words.dropFirst().forEach { features.insert("AUTH=\($0)") } }
        }
        return features
    }

    /// AUTH PLAIN when offered (or nothing is said), else AUTH LOGIN.
    mutating func authenticate(user: String, password: String, offered features: Set<String>) async throws {
        do {
            if features.contains("AUTH=PLAIN") || !features.contains("AUTH=LOGIN") {
                let token = Data(("\0" + user + "\0" + password).utf8).base64EncodedString()
                try await command("AUTH PLAIN \(token)", step: "AUTH")
            } else {
                try await command("AUTH LOGIN", step: "AUTH")
                try await command(Data(user.utf8).base64EncodedString(), step: "AUTH")
                try await command(Data(password.utf8).base64EncodedString(), step: "AUTH")
            }
        } catch SMTPFailure.refused(_, let reply) {
            throw SMTPFailure.authenticationRefused(reply)
        }
    }

    /// One message: MAIL FROM, a RCPT TO per recipient, DATA. The outcome for each recipient.
    mutating func transfer(_ message: MailMessage) async throws -> [String: MailRecipientOutcome] {
        var outcomes: [String: MailRecipientOutcome] = [:]
        let mailFrom = try await ask("MAIL FROM:<\(message.from.address)>")
        guard mailFrom.isPositive else {
            message.to.forEach { outcomes[$0.address] = Self.failure(mailFrom) }
            try await command("RSET", step: "RSET")
            return outcomes
        }
        var accepted: [String] = []
        for recipient in message.to {
            let reply = try await ask("RCPT TO:<\(recipient.address)>")
            if reply.isPositive { accepted.append(recipient.address) } else { outcomes[recipient.address] = Self.failure(reply) }
        }
        guard !accepted.isEmpty else {
            try await command("RSET", step: "RSET")
            return outcomes
        }
        let data = try await ask("DATA")
        guard data.isIntermediate else {
            accepted.forEach { outcomes[$0] = Self.failure(data) }
            try await command("RSET", step: "RSET")
            return outcomes
        }
        try await outbound.write(ByteBuffer(bytes: Self.dotStuffed(message.mimeData())))
        let delivered = try await next()
        accepted.forEach { outcomes[$0] = delivered.isPositive ? .accepted : Self.failure(delivered) }
        return outcomes
    }

    /// The message as sent after DATA: every line that begins with a dot gets a second one
    /// (RFC 5321 §4.5.2), then the terminating `.` line.
    static func dotStuffed(_ data: Data) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + data.count / 64 + 5)
        var atLineStart = true
        for byte in data {
            if atLineStart && byte == UInt8(ascii: ".") { bytes.append(byte) }
            bytes.append(byte)
            atLineStart = byte == UInt8(ascii: "\n")
        }
        if !atLineStart { bytes += Array("\r\n".utf8) }
        bytes += Array(".\r\n".utf8)
        return bytes
    }

    private mutating func ask(_ line: String) async throws -> SMTPReply {
        try await write(line)
        return try await next()
    }

    private func write(_ line: String) async throws {
        try await outbound.write(ByteBuffer(string: line + "\r\n"))
    }

    private mutating func next() async throws -> SMTPReply {
        guard let reply = try await replies.next() else { throw SMTPFailure.connection("closed by the server") }
        return reply
    }

    private static func failure(_ reply: SMTPReply) -> MailRecipientOutcome {
        reply.isPermanentFailure ? .permanentFailure(reply.summary) : .temporaryFailure(reply.summary)
    }
}
