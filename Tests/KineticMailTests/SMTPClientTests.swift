import Foundation
import NIOCore
import Testing

@testable import KineticMail

@Suite struct SMTPClientTests {
    private func message(_ id: String, to: [String], subject: String = "Happy birthday", text: String = "All the best!") -> MailMessage {
        MailMessage(
            messageID: "\(id)@kinetic.test", date: Date(timeIntervalSince1970: 1_800_000_000),
            from: MailAddress("wishes@kinetic.test", name: "Ann via Kinetic"), to: to.map { MailAddress($0) },
            subject: subject, text: text, html: "<p>\(text)</p><img src=\"cid:card\">",
            image: .init(contentID: "card", mediaType: "image/png", fileName: "card.png", data: Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])))
    }

    /// A client for the tests about what the server says rather than about time: its limit is
    /// long enough that a machine starved by the rest of the suite does not end the session.
    private func patientClient(_ settings: SMTPSettings) -> SMTPClient {
        SMTPClient(settings: settings, timeout: .minutes(10))
    }

    @Test func messages_goOutOverOneSession_withOneRcptPerRecipient_andEachRecipientsOutcome() async throws {
        let peer = try SMTPPeer()
        let client = patientClient(SMTPSettings(host: "127.0.0.1", port: peer.port))
        let outcomes = try await client.send([
            message("one", to: ["bob@example.com", "refuse-eve@example.com", "later-kim@example.com", "cy@example.com"]),
            message("two", to: ["refuse-only@example.com"]),
            message("three", to: ["dan@example.com"], subject: "Alles Gute, Jürgen 🎂", text: "Zeile eins\n.Zeile mit Punkt\n."),
        ])
        #expect(outcomes.count == 3)
        #expect(outcomes[0]["bob@example.com"] == .accepted)
        #expect(outcomes[0]["cy@example.com"] == .accepted)
        #expect(outcomes[0]["refuse-eve@example.com"] == .permanentFailure("550 5.1.1 No such mailbox here"))
        #expect(outcomes[0]["later-kim@example.com"] == .temporaryFailure("451 4.2.0 Mailbox busy, try again later"))
        #expect(outcomes[1] == ["refuse-only@example.com": .permanentFailure("550 5.1.1 No such mailbox here")])
        #expect(outcomes[2] == ["dan@example.com": .accepted])

        let received = try peer.received()
        #expect(received.map(\.rcpt_tos) == [["bob@example.com", "cy@example.com"], ["dan@example.com"]])
        #expect(received.map(\.message_id) == ["<one@kinetic.test>", "<three@kinetic.test>"])
        #expect(received[0].mail_from == "wishes@kinetic.test")
        #expect(received[1].subject == "Alles Gute, Jürgen 🎂")
        #expect(received[1].text == "Zeile eins\r\n.Zeile mit Punkt\r\n.") // text parts carry CRLF, their canonical form
        #expect(received[1].parts == ["multipart/related", "multipart/alternative", "text/plain", "text/html", "image/png"])
        #expect(received[1].images == ["<card>"])
        #expect(received[0].to.contains("bob@example.com"))
    }

    @Test func authentication_usesPlain_andAWrongPasswordIsRefusedForGood() async throws {
        let peer = try SMTPPeer(["--auth", "kinetic:s3cret pass"])
        let good = try SMTPSettings(url: "smtp://kinetic:s3cret%20pass@127.0.0.1:\(peer.port)?starttls=never")
        let outcomes = try await patientClient(good).send([message("auth", to: ["bob@example.com"])])
        #expect(outcomes == [["bob@example.com": .accepted]])

        let bad = try SMTPSettings(url: "smtp://kinetic:wrong@127.0.0.1:\(peer.port)?starttls=never")
        await #expect {
            try await patientClient(bad).send([message("auth-2", to: ["bob@example.com"])])
        } throws: { error in
            guard let failure = error as? SMTPFailure, case .authenticationRefused = failure else { return false }
            return !failure.isTemporary
        }
        #expect(try peer.received().count == 1)
    }

    @Test func aPassword_goesOutOnlyOverTLS_unlessPlainTextIsAskedFor() async throws {
        // The peer offers no STARTTLS, as when a machine in the middle strips the offer.
        let peer = try SMTPPeer(["--auth", "kinetic:s3cret"])
        for url in ["smtp://kinetic:s3cret@127.0.0.1:\(peer.port)", "smtp://kinetic:s3cret@127.0.0.1:\(peer.port)?starttls=auto"] {
            let settings = try SMTPSettings(url: url)
            #expect(!settings.sendsPasswordInClear)
            await #expect(throws: SMTPFailure.startTLSUnavailable) {
                try await patientClient(settings).send([message("clear", to: ["bob@example.com"])])
            }
        }
        #expect(try peer.received().isEmpty)

        let plain = try SMTPSettings(url: "smtp://kinetic:s3cret@127.0.0.1:\(peer.port)?starttls=never")
        #expect(plain.sendsPasswordInClear)
        #expect(try await patientClient(plain).send([message("asked", to: ["bob@example.com"])]) == [["bob@example.com": .accepted]])
        #expect(try peer.received().count == 1)
    }

    @Test func startTLS_upgradesTheConnection_andIsRequiredWhenAsked() async throws {
        let certificate = try TestCertificate()
        let peer = try SMTPPeer(["--tls", certificate.certificate, certificate.key, "--require-tls", "--auth", "ann:pw"])
        let trusted = try SMTPSettings(url: "smtp://ann:pw@localhost:\(peer.port)?starttls=require&ca=\(certificate.certificate)")
        let outcomes = try await patientClient(trusted).send([message("tls", to: ["bob@example.com"])])
        #expect(outcomes == [["bob@example.com": .accepted]])

        let untrusted = try SMTPSettings(url: "smtp://ann:pw@localhost:\(peer.port)?starttls=require")
        await #expect(throws: SMTPFailure.self) {
            try await patientClient(untrusted).send([message("tls-2", to: ["bob@example.com"])])
        }

        let plainPeer = try SMTPPeer()
        let demanding = try SMTPSettings(url: "smtp://127.0.0.1:\(plainPeer.port)?starttls=require")
        await #expect(throws: SMTPFailure.startTLSUnavailable) {
            try await patientClient(demanding).send([message("tls-3", to: ["bob@example.com"])])
        }
        #expect(try plainPeer.received().isEmpty)
        #expect(try peer.received().count == 1)
    }

    @Test func aSlowServer_endsTheSessionAtTheTimeLimit_andARefusedConnectionIsTemporary() async throws {
        let peer = try SMTPPeer(["--data-delay", "20"])
        let client = SMTPClient(settings: SMTPSettings(host: "127.0.0.1", port: peer.port), timeout: .milliseconds(800))
        await #expect(throws: SMTPFailure.timedOut) { try await client.send([message("slow", to: ["bob@example.com"])]) }

        let closed = patientClient(SMTPSettings(host: "127.0.0.1", port: 1))
        await #expect {
            try await closed.send([message("nobody", to: ["bob@example.com"])])
        } throws: { error in
            guard let failure = error as? SMTPFailure, case .connection = failure else { return false }
            return failure.isTemporary
        }
    }

    /// A message the server accepted must not be sent again: when the session ends halfway
    /// (the server or the network went away, the sending task was cancelled), what went
    /// through keeps its outcome and only the rest is to be tried again.
    @Test func aSessionEndingHalfway_keepsWhatWentThrough_andTheRestIsTemporary() async throws {
        let peer = try SMTPPeer(["--drop-after", "2"])
        let client = patientClient(SMTPSettings(host: "127.0.0.1", port: peer.port))
        let outcomes = try await client.send((1...4).map { message("m\($0)", to: ["bob@example.com", "kim@example.com"]) })
        #expect(outcomes.count == 4)
        #expect(outcomes[0] == ["bob@example.com": .accepted, "kim@example.com": .accepted])
        #expect(outcomes[1] == ["bob@example.com": .accepted, "kim@example.com": .accepted])
        for outcome in outcomes[2...] {
            #expect(outcome.count == 2)
            #expect(outcome.values.allSatisfy { if case .temporaryFailure = $0 { true } else { false } }, "\(outcome)")
        }
        #expect(try peer.received().map(\.message_id) == ["<m1@kinetic.test>", "<m2@kinetic.test>"])

        // Before any message went through, the session's failure is the answer.
        let dropped = try SMTPPeer(["--drop-after", "0"])
        let refused = patientClient(SMTPSettings(host: "127.0.0.1", port: dropped.port))
        await #expect {
            try await refused.send([message("n1", to: ["bob@example.com"]), message("n2", to: ["bob@example.com"])])
        } throws: { ($0 as? SMTPFailure)?.isTemporary == true }
        #expect(try dropped.received().isEmpty)
    }

    @Test func aRefusedData_isReportedPerRecipient() async throws {
        let peer = try SMTPPeer(["--fail-data", "1"])
        let client = patientClient(SMTPSettings(host: "127.0.0.1", port: peer.port))
        let outcomes = try await client.send([message("first", to: ["bob@example.com"]), message("second", to: ["bob@example.com"])])
        #expect(outcomes[0] == ["bob@example.com": .temporaryFailure("451 4.3.0 Temporary failure, try again")])
        #expect(outcomes[1] == ["bob@example.com": .accepted])
        #expect(try peer.received().map(\.message_id) == ["<second@kinetic.test>"])
    }
}

/// A self-signed certificate for `localhost`, made with openssl for one test.
struct TestCertificate {
    let certificate: String
    let key: String

    init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        certificate = folder.appendingPathComponent("cert.pem").path
        key = folder.appendingPathComponent("key.pem").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost", "-keyout", key, "-out", certificate,
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }
}
