import Foundation
import KineticCore
import KineticMail

/// How this server delivers wishes: Connections, the e-mail limits, and how often the scheduler
/// looks for due deliveries; e-mail itself is the server's (``MailSettings``). A channel without
/// settings is shown as unavailable; wishes already scheduled on it fail with that reason.
struct WishDeliverySettings: Sendable, ModuleSetting {
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

    /// Reads the settings named above; a setting present but unusable stops start-up with its reason.
    static func load(from environment: [String: String]) throws -> WishDeliverySettings {
        var settings = WishDeliverySettings()
        let value = { (name: String) -> String? in
            environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
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

extension KineticConfiguration {
    /// The Wishes module's settings (``WishDeliverySettings``).
    var wishDelivery: WishDeliverySettings {
        get { moduleSettings[WishDeliverySettings.self] }
        set { moduleSettings[WishDeliverySettings.self] = newValue }
    }

    /// Whether senders can choose `channel` on this server: in-app always, e-mail when the
    /// server's mail is set up, Connections when it is.
    func offersWishChannel(_ channel: WishChannel) -> Bool {
        switch channel {
        case .inApp: true
        case .email: mail.isConfigured
        case .connections: wishDelivery.connections != nil
        }
    }
}
