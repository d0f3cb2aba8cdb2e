import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// A small SMTP client (RFC 5321) on SwiftNIO: EHLO, STARTTLS or implicit TLS, AUTH PLAIN or
/// LOGIN, then for each message MAIL FROM, one RCPT TO per recipient and DATA with dot-stuffing,
/// all over one connection, and QUIT. It reports what the server said for each recipient of
/// each message; it does not retry (its caller knows the retry rules).
public struct SMTPClient: Sendable {
    public let settings: SMTPSettings
    /// The longest a whole session may take before the connection is closed.
    public let timeout: TimeAmount
    private let group: any EventLoopGroup

    public init(
        settings: SMTPSettings, timeout: TimeAmount = .seconds(60), group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.settings = settings
        self.timeout = timeout
        self.group = group
    }

    /// Sends `messages` in one session. Returns, for each message in order, the outcome for
    /// each of its recipients' addresses. Throws ``SMTPFailure`` when the session fails
    /// (connection, TLS, authentication, time limit, the task cancelled) before any message was
    /// through: then none counts as sent. When it fails later, the messages the server had
    /// already answered keep their outcomes (an accepted one must not go out again) and each
    /// recipient of the rest has a temporary failure naming what ended the session.
    public func send(_ messages: [MailMessage]) async throws -> [[String: MailRecipientOutcome]] {
        let finished = NIOLockedValueBox<[[String: MailRecipientOutcome]]>([])
        do {
            return try await session(messages, finished: finished)
        } catch let failure as SMTPFailure {
            let through = finished.withLockedValue { $0 }
            guard !through.isEmpty else { throw failure }
            let retry = MailRecipientOutcome.temporaryFailure(failure.description)
            let unsent = messages.dropFirst(through.count).map { message in
                Dictionary(message.to.map { ($0.address, retry) }, uniquingKeysWith: { first, _ in first })
            }
            return through + unsent
        }
    }

    /// One session sending `messages`; each message's outcomes go to `finished` as the server
    /// answers it.
    private func session(
        _ messages: [MailMessage], finished: NIOLockedValueBox<[[String: MailRecipientOutcome]]>
    ) async throws -> [[String: MailRecipientOutcome]] {
        let tls = try makeTLSContext()
        let channel: NIOAsyncChannel<SMTPReply, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(.seconds(10))
                .connect(host: settings.host, port: settings.port) { [settings] channel in
                    channel.eventLoop.makeCompletedFuture {
                        if settings.security == .implicitTLS, let tls {
                            try channel.pipeline.syncOperations.addHandler(Self.tlsHandler(tls, host: settings.host))
                        }
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SMTPReplyDecoder()))
                        return try NIOAsyncChannel<SMTPReply, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw SMTPFailure.connection(String(describing: error))
        }
        let timedOut = NIOLockedValueBox(false)
        let deadline = channel.channel.eventLoop.scheduleTask(in: timeout) {
            timedOut.withLockedValue { $0 = true }
            channel.channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        do {
            return try await channel.executeThenClose { inbound, outbound in
                var session = SMTPSession(replies: inbound.makeAsyncIterator(), outbound: outbound)
                try await session.expect("greeting")
                var features = try await session.hello(settings.clientName)
                var encrypted = settings.security == .implicitTLS
                if settings.security == .startTLSIfOffered || settings.security == .startTLSRequired {
                    if features.contains("STARTTLS"), let tls {
                        try await session.command("STARTTLS", step: "STARTTLS")
                        try await channel.channel.eventLoop.submit { [settings] in
                            try channel.channel.pipeline.syncOperations.addHandler(
                                Self.tlsHandler(tls, host: settings.host), position: .first)
                        }.get()
                        features = try await session.hello(settings.clientName)
                        encrypted = true
                    } else if settings.security == .startTLSRequired {
                        throw SMTPFailure.startTLSUnavailable
                    }
                }
                if let user = settings.user, let password = settings.password {
                    // A password goes out only encrypted, unless the settings say plain text on
                    // purpose: a STARTTLS offer stripped on the way must not reveal it.
                    guard encrypted || settings.security == .plain else { throw SMTPFailure.startTLSUnavailable }
                    try await session.authenticate(user: user, password: password, offered: features)
                }
                var outcomes: [[String: MailRecipientOutcome]] = []
                for message in messages {
                    outcomes.append(try await session.transfer(message))
                    finished.withLockedValue { $0 = outcomes }
                }
                _ = try? await session.command("QUIT", step: "QUIT")
                return outcomes
            }
        } catch let failure as SMTPFailure {
            throw timedOut.withLockedValue { $0 } ? SMTPFailure.timedOut : failure
        } catch {
            throw timedOut.withLockedValue { $0 } ? SMTPFailure.timedOut : SMTPFailure.connection(String(describing: error))
        }
    }

    private func makeTLSContext() throws -> NIOSSLContext? {
        guard settings.security != .plain else { return nil }
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let file = settings.trustedCertificatesFile {
            configuration.additionalTrustRoots = [.file(file)]
        }
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw SMTPFailure.connection("TLS could not be set up: \(error)")
        }
    }

    private static func tlsHandler(_ context: NIOSSLContext, host: String) throws -> NIOSSLClientHandler {
        let isAddress = (try? SocketAddress(ipAddress: host, port: 0)) != nil
        return try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : host)
    }
}
