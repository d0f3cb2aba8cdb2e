import Foundation

extension MailMessage {
    /// The message as it goes after `DATA` (before dot-stuffing): headers, then
    /// `multipart/alternative` with a text and an HTML part, wrapped in `multipart/related`
    /// with the image when there is one. Lines end in CRLF; bodies are base64, so no line is
    /// longer than 76 characters and no byte is outside ASCII. The same message gives the same
    /// bytes (boundaries come from the Message-ID).
    public func mimeData() -> Data {
        let boundary = Self.boundary(for: messageID)
        var lines: [String] = [
            "Date: " + Self.rfc5322Date(date),
            "From: " + Self.header(from),
            "To: " + to.map(Self.header).joined(separator: ",\r\n "),
            "Subject: " + Self.encodedWords(subject),
            "Message-ID: <\(Self.oneLine(messageID))>",
        ]
        if let replyTo { lines.append("Reply-To: " + Self.header(replyTo)) }
        if let unsubscribe {
            let targets = ["<\(Self.oneLine(unsubscribe.url))>"] + (unsubscribe.mailto.map { ["<mailto:\(Self.oneLine($0))>"] } ?? [])
            lines.append("List-Unsubscribe: " + targets.joined(separator: ", "))
            lines.append("List-Unsubscribe-Post: List-Unsubscribe=One-Click")
        }
        lines.append("MIME-Version: 1.0")
        let alternative = [
            "Content-Type: multipart/alternative; boundary=\"\(boundary)-alt\"",
            "",
            "--\(boundary)-alt",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
            Self.base64Lines(Data(Self.crlf(text).utf8)),
            "--\(boundary)-alt",
            "Content-Type: text/html; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
            Self.base64Lines(Data(Self.crlf(html).utf8)),
            "--\(boundary)-alt--",
        ]
        if let image {
            lines +=
                [
                    "Content-Type: multipart/related; type=\"multipart/alternative\"; boundary=\"\(boundary)-rel\"",
                    "",
                    "--\(boundary)-rel",
                ] + alternative + [
                    "--\(boundary)-rel",
                    "Content-Type: \(Self.oneLine(image.mediaType))",
                    "Content-Transfer-Encoding: base64",
                    "Content-ID: <\(Self.oneLine(image.contentID))>",
                    "Content-Disposition: inline; filename=\"\(Self.quotable(image.fileName))\"",
                    "",
                    Self.base64Lines(image.data),
                    "--\(boundary)-rel--",
                ]
        } else {
            lines += alternative
        }
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// `=_kinetic_<hex>`: "=_" never occurs in base64, so no body can contain the boundary.
    static func boundary(for messageID: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in messageID.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "=_kinetic_" + String(hash, radix: 16)
    }

    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }

    static func header(_ address: MailAddress) -> String {
        let bare = "<\(oneLine(address.address))>"
        guard let name = address.name.map(oneLine), !name.isEmpty else { return bare }
        let isPlain = name.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 32 && $0.value < 127 }
        return (isPlain ? "\"\(quotable(name))\"" : encodedWords(name)) + " " + bare
    }

    /// Header text as is when it is printable ASCII, else as RFC 2047 encoded words
    /// (`=?UTF-8?B?…?=`), each at most 75 characters and never splitting a character.
    static func encodedWords(_ text: String) -> String {
        let text = oneLine(text)
        if text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 32 && $0.value < 127 }), !text.contains("=?") { return text }
        var words: [String] = []
        var chunk = Data()
        for character in text {
            let bytes = Data(String(character).utf8)
            if chunk.count + bytes.count > 45 {
                words.append("=?UTF-8?B?\(chunk.base64EncodedString())?=")
                chunk = Data()
            }
            chunk.append(bytes)
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?\(chunk.base64EncodedString())?=") }
        return words.joined(separator: "\r\n ")
    }

    static func base64Lines(_ data: Data) -> String {
        data.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
    }

    /// Header text on one line: line breaks and other controls become spaces.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? " " : $0 }))
    }

    private static func quotable(_ text: String) -> String {
        oneLine(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    private static func crlf(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n").replacingOccurrences(
            of: "\n", with: "\r\n")
    }
}
