import Foundation
import Testing

@testable import KineticMail

@Suite struct MailFormatTests {
    @Test func settingsURLs_readEveryPart_andNameWhatIsWrong() throws {
        let plain = try SMTPSettings(url: "smtp://mail.example.com")
        #expect(plain == SMTPSettings(host: "mail.example.com", port: 25, security: .startTLSIfOffered))
        let full = try SMTPSettings(url: "smtp://us%40er:p%3Ass@mail.example.com:587?starttls=require&ca=/etc/ca.pem")
        #expect(
            full
                == SMTPSettings(
                    host: "mail.example.com", port: 587, security: .startTLSRequired, user: "us@er", password: "p:ss",
                    trustedCertificatesFile: "/etc/ca.pem"))
        #expect(try SMTPSettings(url: "smtps://a:b@mail.example.com").port == 465)
        #expect(try SMTPSettings(url: "smtps://a:b@mail.example.com").security == .implicitTLS)
        #expect(try SMTPSettings(url: "smtp://mail.example.com?starttls=never").security == .plain)
        for (text, reason) in [
            ("http://mail.example.com", "the scheme must be smtp or smtps, not http"), ("smtp://", "no host"),
            ("smtp://h?tls=yes", "unknown setting tls=yes"), ("smtps://h?starttls=require", "unknown setting starttls=require"),
            ("smtp://user@h", "give both a user and a password, or neither"), ("smtp://h:70000", "port 70000 is out of range"),
        ] {
            #expect(throws: SMTPSettings.Invalid(description: reason), "\(text)") { try SMTPSettings(url: text) }
        }
    }

    @Test func dotStuffing_doublesLeadingDots_andEndsWithTheDotLine() {
        let stuffed = SMTPSession.dotStuffed(Data(".a\r\nb\r\n..c\r\n.\r\n".utf8))
        #expect(String(decoding: stuffed, as: UTF8.self) == "..a\r\nb\r\n...c\r\n..\r\n.\r\n")
        #expect(String(decoding: SMTPSession.dotStuffed(Data("x".utf8)), as: UTF8.self) == "x\r\n.\r\n")
    }

    @Test func headers_encodeWhatIsNotPlainASCII_andNeverBreakALine() {
        #expect(MailMessage.encodedWords("Happy birthday") == "Happy birthday")
        #expect(MailMessage.encodedWords("Hi\r\nBcc: eve@example.com") == "Hi  Bcc: eve@example.com")
        let encoded = MailMessage.encodedWords(String(repeating: "ü", count: 40))
        #expect(encoded.split(separator: "\r\n ").count == 2)
        #expect(encoded.split(separator: "\r\n ").allSatisfy { $0.hasPrefix("=?UTF-8?B?") && $0.count <= 75 })
        #expect(MailMessage.header(MailAddress("a@b.de", name: "Ann \"The\" Example")) == #""Ann \"The\" Example" <a@b.de>"#)
    }

    @Test func theSameMessage_givesTheSameBytes() {
        let message = MailMessage(
            messageID: "delivery-1@kinetic.test", date: Date(timeIntervalSince1970: 0), from: MailAddress("a@b.de"),
            to: [MailAddress("c@d.de")], subject: "S", text: "T", html: "<p>T</p>")
        #expect(message.mimeData() == message.mimeData())
        let text = String(decoding: message.mimeData(), as: UTF8.self)
        #expect(
            text.hasPrefix(
                "Date: Thu, 01 Jan 1970 00:00:00 +0000\r\nFrom: <a@b.de>\r\nTo: <c@d.de>\r\nSubject: S\r\nMessage-ID: <delivery-1@kinetic.test>\r\n"
            ))
        #expect(!text.contains("multipart/related"))
        #expect(text.split(separator: "\r\n", omittingEmptySubsequences: false).allSatisfy { $0.utf8.count <= 998 })
    }
}
