import Vapor

/// The Steps module's paths.
extension SiteURL {
    static let stepsImport = SiteURL(["steps", "import"])
    static let stepSources = SiteURL(["steps", "sources"])

    /// One day's steps by hour and source (`/steps/day/2026-11-28`).
    static func stepsDay(_ date: String?) -> SiteURL {
        SiteURL(["steps", "day", parameter(date, "date")])
    }

    /// Counts what is set aside of a day anyway (POST, the day page's forms).
    static func stepsCountAnyway(_ date: String?) -> SiteURL {
        SiteURL(["steps", "day", parameter(date, "date"), "count-anyway"])
    }
    /// Settings › Sync From iPhone: the phones that send their steps on their own.
    static let stepSync = SiteURL(["settings", "step-sync"])

    /// Removes one of those phones (POST).
    static func stepSyncRemoval(id: String?) -> SiteURL {
        SiteURL(["settings", "step-sync", parameter(id, "deviceId"), "remove"])
    }

    /// The Steps page of a month, e.g. `/steps?month=2021-05`.
    static func steps(month: String?) -> String {
        SiteURL.module(.steps).path + query([("month", month)])
    }
}

extension SiteURL.Module {
    static let steps = Self("steps")
}

extension SiteURL.API {
    static let stepsDaily = Self(["steps", "daily"])
    static let stepsDaySources = Self(["steps", "daily", ":date", "sources"])
    static let stepsCountAnyway = Self(["steps", "daily", ":date", "count-anyway"])
    static let stepSources = Self(["steps", "sources"])
    static let healthSamples = Self(["health", "samples"])
    static let healthAutoExport = Self(["health", "auto-export"])
    static let healthImport = Self(["health", "import"])
}
