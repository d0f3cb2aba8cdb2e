import Vapor

/// The Goals module's paths.
extension SiteURL {
    static let jumpHistory = SiteURL(["goals", "history"])
    static let editGoals = SiteURL(["goals", "edit"])
    static let daysOff = SiteURL(["goals", "days-off"])
    /// Settings › Parks, and one park's link there (nil registers the route's parameter).
    static let parkLinks = SiteURL(["settings", "parks"])
    static func parkLink(id: String?) -> SiteURL { SiteURL(["settings", "parks", parameter(id, "linkId")]) }

    /// The Goals page of a month and category, e.g. `/goals?month=2015-05&category=calories`.
    static func goals(month: String?, category: String? = nil, view: String? = nil) -> String {
        SiteURL.module(.goals).path + query([("month", month), ("category", category), ("view", view)])
    }
}

extension SiteURL.Module {
    static let goals = Self("goals")
}

extension SiteURL.API {
    static let jumpSessions = Self(["jump-sessions"])
    static let goalMonths = Self(["goals", "months"])
    static let goalPauses = Self(["goals", "pauses"])
    /// A park's links, and the sessions it reports through one (`/api/v1/park/…`, a park's key).
    static let parkOwnLinks = Self(["park", "links"])
    static func parkLinkSessions(linkId: String?) -> Self { Self(["park", "links", SiteURL.parameter(linkId, "linkId"), "jump-sessions"]) }
    /// A member's links to parks.
    static let memberParkLinks = Self(["park-links"])
    static func memberParkLink(linkId: String?) -> Self { Self(["park-links", SiteURL.parameter(linkId, "linkId")]) }
    static func approveParkLink(linkId: String?) -> Self { Self(["park-links", SiteURL.parameter(linkId, "linkId"), "approve"]) }
    /// `/api/v1/profile/{customerId}/goals`; nil registers the route's parameter.
    static func goals(customerId: String?) -> Self { Self(["profile", SiteURL.parameter(customerId, "customerId"), "goals"]) }
}
