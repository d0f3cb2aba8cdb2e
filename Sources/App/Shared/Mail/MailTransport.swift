import KineticMail

/// Hands e-mails to the mail server in one session and says, for each message, how each
/// recipient was taken. The live value is ``smtp(_:)``, KineticMail's SMTP client; a test makes
/// one of its own.
struct MailTransport: Sendable {
    /// Throws `SMTPFailure` when no message could be handed over (the deliveries are tried
    /// again later); any other error leaves them leased until the lease runs out.
    let send: @Sendable (_ messages: [MailMessage]) async throws -> [[String: MailRecipientOutcome]]

    /// Through the mail server `client` talks to.
    static func smtp(_ client: SMTPClient) -> MailTransport {
        MailTransport { messages in try await client.send(messages) }
    }
}
