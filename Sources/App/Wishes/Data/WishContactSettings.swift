import Foundation
import KineticCore

/// Where the photos an imported address book links to may be fetched from
/// (`KINETIC_CONTACT_PHOTO_HOSTS`, comma separated, as ``HostAllowlist`` reads it; `none`
/// fetches none). Default: `googleusercontent.com`, where Google Contacts keeps them.
struct WishContactSettings: ModuleSetting, Equatable {
    static let defaultPhotoHosts = ["googleusercontent.com"]

    var photoHosts = HostAllowlist(Self.defaultPhotoHosts)

    static func load(from environment: [String: String]) throws -> WishContactSettings {
        var settings = WishContactSettings()
        guard let list = environment["KINETIC_CONTACT_PHOTO_HOSTS"]?.trimmingCharacters(in: .whitespaces), !list.isEmpty else {
            return settings
        }
        if list.lowercased() == "none" {
            settings.photoHosts = HostAllowlist([])
            return settings
        }
        switch HostAllowlist.reading(list) {
        case .success(let allowlist): settings.photoHosts = allowlist
        case .failure(let bad):
            throw ConfigurationError(
                description:
                    "KINETIC_CONTACT_PHOTO_HOSTS takes host names or origins such as http://127.0.0.1:8089, or none (saw \"\(bad.entry)\")")
        }
        return settings
    }
}

extension KineticConfiguration {
    /// The Wishes module's address-book settings.
    var wishContacts: WishContactSettings {
        get { moduleSettings[WishContactSettings.self] }
        set { moduleSettings[WishContactSettings.self] = newValue }
    }
}
