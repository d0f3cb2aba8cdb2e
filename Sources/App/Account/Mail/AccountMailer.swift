import Foundation
import KineticCore
import KineticMail
import Vapor

/// Sends the e-mails of an account's own: the link that confirms an address, the one that
/// resets a password and word of a sign-up with the account's address, in the account's language, from Kinetic's address (`KINETIC_MAIL_FROM`)
/// through the mail server wishes use. Present only when mail is set up.
struct AccountMailer: Sendable {
    let transport: MailTransport
    let from: MailAddress
    /// Where links start (`KINETIC_PUBLIC_URL`).
    let publicURL: String

    /// The e-mail could not be handed to the mail server; the link it carried was not sent.
    struct NotSent: Error {
        let reason: String
    }

    enum Message {
        /// The address `email` is to be confirmed (`isChange`: it is a new address the account
        /// asked for). No name: the address has not shown it wants anything of this account.
        case confirmAddress(email: String, isChange: Bool)
        /// `name` only when the account confirmed its address.
        case resetPassword(name: String?)
        /// Someone signed up with `email`, which this account has (`name` as for a reset): the
        /// owner hears of it, and no link to anything of the new account goes to them.
        case signUpAttempt(email: String, name: String?)
    }

    /// Sends `message` to `address` with the link `path` (under ``publicURL``), in `localizer`'s language.
    func send(_ message: Message, to address: String, link path: String, localizer l: Localizer, now: Date) async throws {
        let link = publicURL + path
        let (subject, action, lines): (String, String, [String]) =
            switch message {
            case .confirmAddress(let email, let isChange):
                (
                    l.t(isChange ? "mail.confirmChange.subject" : "mail.confirm.subject"), l.t("mail.confirm.action"),
                    [l.t("mail.hello"), l.t("mail.confirm.body", email), link, l.t("mail.confirm.footer")]
                )
            case .resetPassword(let name):
                (
                    l.t("mail.reset.subject"), l.t("mail.reset.action"),
                    [name.map { l.t("mail.greeting", $0) } ?? l.t("mail.hello"), l.t("mail.reset.body"), link, l.t("mail.reset.footer")]
                )
            case .signUpAttempt(let email, let name):
                (
                    l.t("mail.signUpAttempt.subject"), l.t("mail.signUpAttempt.action"),
                    [
                        name.map { l.t("mail.greeting", $0) } ?? l.t("mail.hello"), l.t("mail.signUpAttempt.body", email), link,
                        l.t("mail.signUpAttempt.footer"),
                    ]
                )
            }
        // The link as a button, then written out for a mail app that shows no buttons.
        let content = lines.flatMap { line in
            line == link
                ? [
                    MailLayout.button(action, href: link),
                    MailLayout.paragraph(link, style: "margin:0 0 16px;font-size:13px;word-break:break-all;" + MailLayout.Style.muted),
                ]
                : [MailLayout.paragraph(line)]
        }
        let html = MailLayout.render(title: subject, preheader: lines[1], content: content, notes: [], l: l)
        let mail = MailMessage(
            messageID: "account-\(UUID().uuidString.lowercased())@\(from.domain)", date: now,
            from: MailAddress(from.address, name: l.t("app.name")), to: [MailAddress(address)],
            subject: subject, text: lines.joined(separator: "\n\n"), html: html
        )
        do {
            let outcomes = try await transport.send([mail])
            guard case .accepted = outcomes.first?[address] else {
                throw NotSent(reason: outcomes.first?[address].map { "\($0)" } ?? "no answer")
            }
        } catch let failure as SMTPFailure {
            throw NotSent(reason: failure.description)
        }
    }
}

extension Application {
    private struct AccountMailerKey: StorageKey { typealias Value = AccountMailer }

    /// The account e-mails' sender, or nil when mail is not set up (`KINETIC_SMTP_URL`).
    var accountMailer: AccountMailer? {
        get { storage[AccountMailerKey.self] }
        set { storage[AccountMailerKey.self] = newValue }
    }

    /// Sets up ``accountMailer`` from the configuration; called once by `configure(_:_:)`.
    func prepareAccountMailer() {
        let mail = kineticConfiguration.mail
        guard let smtp = mail.smtp, let from = mail.from, let publicURL = kineticConfiguration.publicURL else { return }
        accountMailer = AccountMailer(
            transport: .smtp(SMTPClient(settings: smtp, timeout: .seconds(20), group: eventLoopGroup)), from: from, publicURL: publicURL)
    }
}
