/// The Reports module's settings: the most pages a report's PDF may have
/// (`KINETIC_REPORTS_MAX_PAGES`, 1–20,000; 5,000 unless set).
struct ReportsSettings: ModuleSetting, Equatable {
    static let defaultMaximumPages = 5_000

    var maximumPages = Self.defaultMaximumPages

    static func load(from environment: [String: String]) throws -> ReportsSettings {
        var settings = ReportsSettings()
        if let pages = try KineticConfiguration.parseWholeNumber(
            environment["KINETIC_REPORTS_MAX_PAGES"], name: "KINETIC_REPORTS_MAX_PAGES", range: 1...20_000)
        {
            settings.maximumPages = pages
        }
        return settings
    }
}

extension KineticConfiguration {
    /// The most pages a report may have (``ReportsSettings``).
    var reportMaximumPages: Int {
        get { moduleSettings[ReportsSettings.self].maximumPages }
        set { moduleSettings[ReportsSettings.self].maximumPages = newValue }
    }
}
