import Foundation
import KineticCore
import KineticMail

/// The server's mail: the SMTP server and the addresses e-mails come from. Account e-mails
/// (address links, password resets) and every module that e-mails go through it; without it
/// the server sends no e-mail.
public struct MailSettings: Sendable {
    /// The mail server (`KINETIC_SMTP_URL`); nil turns e-mail off.
    public var smtp: SMTPSettings?
    /// The address e-mails come from (`KINETIC_MAIL_FROM`, `wishes@example.com`), in the name
    /// of whoever they are for.
    public var from: MailAddress?
    /// Where e-mails' footers say to report abuse (`KINETIC_ABUSE_ADDRESS`); the from address
    /// when unset.
    public var abuseAddress: String?

    public init(smtp: SMTPSettings? = nil, from: MailAddress? = nil, abuseAddress: String? = nil) {
        self.smtp = smtp
        self.from = from
        self.abuseAddress = abuseAddress
    }

    /// Whether the server can send e-mail.
    public var isConfigured: Bool { smtp != nil && from != nil }

    /// Reads the settings named above; a setting present but unusable stops start-up with its reason.
    static func load(from environment: [String: String]) throws -> MailSettings {
        var settings = MailSettings()
        let value = { (name: String) -> String? in
            environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        if let url = value("KINETIC_SMTP_URL") {
            do { settings.smtp = try SMTPSettings(url: url, clientName: ProcessInfo.processInfo.hostName) } catch {
                throw ConfigurationError(description: "KINETIC_SMTP_URL: \(error)")
            }
            guard let from = value("KINETIC_MAIL_FROM") else {
                throw ConfigurationError(
                    description: "KINETIC_MAIL_FROM is needed with KINETIC_SMTP_URL: the address e-mails come from, e.g. wishes@example.com"
                )
            }
            guard let address = EmailAddressSyntax.normalized(from) else {
                throw ConfigurationError(
                    description: "KINETIC_MAIL_FROM must be an e-mail address such as wishes@example.com (saw \"\(from)\")")
            }
            settings.from = MailAddress(address)
        }
        if let abuse = value("KINETIC_ABUSE_ADDRESS") {
            guard let address = EmailAddressSyntax.normalized(abuse) else {
                throw ConfigurationError(
                    description: "KINETIC_ABUSE_ADDRESS must be an e-mail address such as abuse@example.com (saw \"\(abuse)\")")
            }
            settings.abuseAddress = address
        }
        return settings
    }
}

extension MailAddress {
    /// The part after the `@`, which names the sending domain in a Message-ID
    /// (`delivery-…@kinetic.example`); `kinetic.invalid` for an address without one.
    var domain: String { address.split(separator: "@").last.map(String.init) ?? "kinetic.invalid" }
}
