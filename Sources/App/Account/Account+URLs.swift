import Vapor

/// The Account module's paths: signing in and up, the profile and settings, address links.
extension SiteURL {
    static let login = SiteURL(["login"])
    static let signUp = SiteURL(["signup"])
    static let logout = SiteURL(["logout"])
    static let profile = SiteURL(["profile"])
    static let settings = SiteURL(["settings"])
    static let settingsLanguage = SiteURL(["settings", "language"])
    static let settingsTimeZone = SiteURL(["settings", "time-zone"])
    static let settingsPassword = SiteURL(["settings", "password"])
    static let settingsTokens = SiteURL(["settings", "tokens"])
    /// `/settings/tokens/{tokenId}/revoke`; nil registers the route's parameter (so for the others).
    static func revokeToken(id: String?) -> SiteURL { SiteURL(["settings", "tokens", parameter(id, "tokenId"), "revoke"]) }
    static let fitnessSettings = SiteURL(["settings", "fitness"])
    /// `/settings/address`: sends the link that confirms the account's address again.
    static let settingsConfirmAddress = SiteURL(["settings", "address"])
    /// `/address/{token}`: the page of a link that confirms an address.
    static func confirmAddress(token: String?) -> SiteURL { SiteURL(["address", parameter(token, "token")]) }
    static let forgotPassword = SiteURL(["password", "forgot"])
    /// `/password/reset/{token}`: the page of a link that sets a new password.
    static func resetPassword(token: String?) -> SiteURL { SiteURL(["password", "reset", parameter(token, "token")]) }
}

extension SiteURL.API {
    static let accounts = Self(["accounts"])
    static let login = Self(["login"])
    static let logout = Self(["logout"])
    static let profile = Self(["profile"])
    static let password = Self(["password"])
    static let tokens = Self(["tokens"])
    /// `/api/v1/tokens/{tokenId}`; nil registers the route's parameter.
    static func token(id: String?) -> Self { Self(["tokens", SiteURL.parameter(id, "tokenId")]) }
    static let addressConfirmations = Self(["address", "confirmation-links"])
    static let confirmedAddresses = Self(["address", "confirmations"])
    static let passwordResetLinks = Self(["password", "reset-links"])
    static let passwordResets = Self(["password", "resets"])
}
