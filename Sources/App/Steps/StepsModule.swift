import Fluent
import Vapor

extension StepsModule {
    static func migrations(_ configuration: KineticConfiguration) -> [any Migration] {
        [
            CreateStepSamples(), CreateDailyStepTotals(), CreateStepSources(), CreateStepImports(), AddStepChannels(),
            CreateStepSyncDevices(), CreateStepCountedAnyway(),
        ]
    }

    static var commands: [any KineticCommand.Type] { [ImportHealthCommand.self] }

    static func loadSettings(from environment: [String: String], into settings: inout ModuleSettings) throws {
        try settings.load(HealthImportSettings.self, from: environment)
    }

    static let menuItem: SideMenu.Item? = SideMenu.Item(
        icon: .steps, titleKey: "nav.steps", url: .module(.steps), summaryKey: "welcome.steps")

    static func seedDemo(for account: DemoAccount, on database: any Database) async throws {
        let samples = DemoStepsData.samples(now: account.calendar.now, timeZone: account.calendar.timeZone)
        try await StepsRepository(database: database, userID: account.userID).add(samples)
    }
}
