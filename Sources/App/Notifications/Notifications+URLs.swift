import Vapor

/// The Notifications module's paths.
extension SiteURL {
    /// The notifications settings: this device on or off, and the kinds.
    static let notificationSettings = SiteURL(["settings", "notifications"])
    /// Where the page's script keeps this browser's subscription (POST, JSON).
    static let notificationDevices = SiteURL(["settings", "notifications", "devices"])
    /// Where the page's script forgets this browser's subscription (POST, JSON `{"endpoint"}`).
    static let notificationDevicesRemoval = SiteURL(["settings", "notifications", "devices", "remove"])
}

extension SiteURL.API {
    static let pushKey = Self(["push", "key"])
    static let pushSubscriptions = Self(["push", "subscriptions"])
}
