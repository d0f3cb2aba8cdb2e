import Foundation
import KineticCore

/// Where Kinetic may send push messages, and who it says it is.
///
/// `KINETIC_PUSH_SERVICES`: the push services a subscription's endpoint may name, comma
/// separated: a host name takes `https://` endpoints on it or under it (`fcm.googleapis.com`,
/// `push.apple.com`), an origin takes exactly that origin (`http://127.0.0.1:8089`, for a
/// service on the same machine). Default: the services of Chrome, Firefox, Safari and Edge.
/// Anything else is refused when it is subscribed, so that no one can make the server post to
/// an address of their choosing.
///
/// `KINETIC_PUSH_CONTACT`: how a push service's operator reaches whoever runs this server
/// (VAPID's `sub`), a `mailto:` or `https:` URL. Default: `mailto:` the mail sender, else an
/// `https` public URL, else ``placeholderContact`` (with a warning at start: Apple's push
/// service refuses it).
struct PushSettings: ModuleSetting, Equatable {
    static let defaultServices = ["fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"]

    var services: [String] = Self.defaultServices
    var contact: String?

    /// Whether a push to `endpoint` may be sent: an `https` URL on an allowed host, or one
    /// under an allowed origin; no user name or password in it.
    func allows(_ endpoint: URL) -> Bool {
        HostAllowlist(services).allows(endpoint)
    }

    /// VAPID's `sub`: the contact set, else `mailto:` the mail sender, else the public URL.
    func subject(mailFrom: String?, publicURL: String?) -> String {
        if let contact { return contact }
        if let mailFrom, !mailFrom.isEmpty { return "mailto:" + mailFrom }
        if let publicURL, publicURL.hasPrefix("https://") { return publicURL }
        return Self.placeholderContact
    }

    /// The contact when the configuration gives none.
    static let placeholderContact = "mailto:push@kinetic.invalid"

    static func load(from environment: [String: String]) throws -> PushSettings {
        var settings = PushSettings()
        let value = { (name: String) -> String? in
            environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        if let list = value("KINETIC_PUSH_SERVICES") {
            switch HostAllowlist.reading(list) {
            case .success(let allowlist): settings.services = allowlist.entries
            case .failure(let bad):
                throw ConfigurationError(
                    description: "KINETIC_PUSH_SERVICES takes host names or origins such as http://127.0.0.1:8089 (saw \"\(bad.entry)\")")
            }
        }
        if let contact = value("KINETIC_PUSH_CONTACT") {
            guard contact.hasPrefix("mailto:") || contact.hasPrefix("https://") else {
                throw ConfigurationError(description: "KINETIC_PUSH_CONTACT must be a mailto: or https: URL (saw \"\(contact)\")")
            }
            settings.contact = contact
        }
        return settings
    }
}
