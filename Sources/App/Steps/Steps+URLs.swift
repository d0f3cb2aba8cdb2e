import Vapor

/// The Steps module's paths.
extension SiteURL {
    static let stepsImport = SiteURL(["steps", "import"])
    static let stepSources = SiteURL(["steps", "sources"])

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
    static let stepSources = Self(["steps", "sources"])
    static let healthSamples = Self(["health", "samples"])
    static let healthImport = Self(["health", "import"])
}
