import Foundation
import KineticCore
import KineticMail

/// How this server delivers wishes: which channels are set up and how often the scheduler looks
/// for due deliveries. A channel without settings is shown as unavailable; wishes already
/// scheduled on it fail with that reason.
struct WishDeliverySettings: Sendable {
    /// The mail server (`KINETIC_SMTP_URL`); nil turns e-mail off.
    var smtp: SMTPSettings?
    /// The address e-mails come from (`KINETIC_MAIL_FROM`, `wishes@example.com`), in the sender's name.
    var mailFrom: MailAddress?
    /// Where the e-mails' footer says to report abuse (`KINETIC_ABUSE_ADDRESS`); the from address when unset.
    var abuseAddress: String?
    /// The Connections server (`KINETIC_CONNECTIONS_URL` and `KINETIC_CONNECTIONS_TOKEN`); nil turns it off.
    var connections: ConnectionsSettings?
    /// How many e-mail recipients one account may reach (`KINETIC_MAIL_PER_HOUR`, default 20;
    /// `KINETIC_MAIL_PER_DAY`, default 50; `KINETIC_MAIL_FIRST_DAY`, default 10, both limits in an
    /// account's first day).
    var limits = SendingLimits()
    /// Seconds between two looks for due deliveries when the last found none (`KINETIC_WISH_POLL_SECONDS`). Default: 5.
    var pollInterval: TimeInterval = 5
    /// How long a claimed delivery stays this instance's before another may rescue it, in seconds
    /// (`KINETIC_WISH_LEASE_SECONDS`, 5–3600): longer than one round of sending may take. Default: 300.
    var lease: TimeInterval = 300
    /// This instance's name on the leases it takes: host, process and a random part, so two
    /// instances on one database never take each other's for their own.
    var instanceID =
        "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8).lowercased())"

    /// The channels a sender can choose on this server.
    var availableChannels: [WishChannel] {
        WishChannel.allCases.filter { isAvailable($0) }
    }

    func isAvailable(_ channel: WishChannel) -> Bool {
        switch channel {
        case .inApp: true
        case .email: smtp != nil && mailFrom != nil
        case .connections: connections != nil
        }
    }

    /// Reads the settings named above; a setting present but unusable stops start-up with its reason.
    static func load(from environment: [String: String]) throws -> WishDeliverySettings {
        var settings = WishDeliverySettings()
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
            guard let address = WishDraft.mailSafeAddress(from) else {
                throw ConfigurationError(
                    description: "KINETIC_MAIL_FROM must be an e-mail address such as wishes@example.com (saw \"\(from)\")")
            }
            settings.mailFrom = MailAddress(address)
        }
        if let abuse = value("KINETIC_ABUSE_ADDRESS") {
            guard let address = WishDraft.mailSafeAddress(abuse) else {
                throw ConfigurationError(
                    description: "KINETIC_ABUSE_ADDRESS must be an e-mail address such as abuse@example.com (saw \"\(abuse)\")")
            }
            settings.abuseAddress = address
        }
        let connectionsURL = value("KINETIC_CONNECTIONS_URL"), token = value("KINETIC_CONNECTIONS_TOKEN")
        if connectionsURL != nil || token != nil {
            guard let connectionsURL else {
                throw ConfigurationError(description: "KINETIC_CONNECTIONS_TOKEN is set without KINETIC_CONNECTIONS_URL")
            }
            do { settings.connections = try ConnectionsSettings(url: connectionsURL, token: token ?? "") } catch {
                throw ConfigurationError(description: "\(error)")
            }
        }
        for (name, path) in [
            ("KINETIC_MAIL_PER_HOUR", \SendingLimits.perHour), ("KINETIC_MAIL_PER_DAY", \.perDay), ("KINETIC_MAIL_FIRST_DAY", \.firstDay),
        ] {
            guard let text = value(name) else { continue }
            guard let number = Int(asciiDigits: text), (1...100_000).contains(number) else {
                throw ConfigurationError(description: "\(name) must be a whole number of recipients from 1 to 100000 (saw \"\(text)\")")
            }
            settings.limits[keyPath: path] = number
        }
        if let seconds = value("KINETIC_WISH_POLL_SECONDS") {
            guard let number = Double(seconds), number >= 0.1, number <= 3600 else {
                throw ConfigurationError(
                    description: "KINETIC_WISH_POLL_SECONDS must be a number of seconds from 0.1 to 3600 (saw \"\(seconds)\")")
            }
            settings.pollInterval = number
        }
        if let seconds = value("KINETIC_WISH_LEASE_SECONDS") {
            guard let number = Int(seconds), (5...3600).contains(number) else {
                throw ConfigurationError(
                    description: "KINETIC_WISH_LEASE_SECONDS must be a whole number of seconds from 5 to 3600 (saw \"\(seconds)\")")
            }
            settings.lease = TimeInterval(number)
        }
        return settings
    }
}
