import Fluent
import Vapor

/// What a product module brings to Kinetic: its tables, routes, commands, settings, menu entry,
/// demo data, the programs it uses and the files it keeps for users. The application reaches its modules only through the
/// list in `Modules.swift` (``KineticModules``), so nothing in `Shared` names a module and a new
/// module is a folder plus one line there.
protocol KineticModule {
    /// Its migrations, in the order they run; the modules' run in the order of the list.
    static func migrations(_ configuration: KineticConfiguration) -> [any Migration]

    /// Sets up what it keeps on the application (a catalogue read from `Resources/`, a client),
    /// once, after the database, the strings and the tool threads and before the routes.
    static func prepare(_ app: Application) throws

    /// Registers its pages and API routes on the shared groups.
    static func register(on routes: ModuleRoutes)

    /// Its commands, `kinetic <name>`, each with its own help (``CommandLineHelp`` lists them).
    static var commands: [any KineticCommand.Type] { get }

    /// Reads its settings (``ModuleSetting``) into `settings`.
    static func loadSettings(from environment: [String: String], into settings: inout ModuleSettings) throws

    /// Its entry in the side menu and the welcome; nil for none.
    static var menuItem: SideMenu.Item? { get }

    /// The system programs it uses when they are installed; `serve` names the missing ones.
    static var systemTools: [SystemTool] { get }

    /// Adds its share of the demo account's data, in the transaction that creates the account.
    static func seedDemo(for account: DemoAccount, on database: any Database) async throws

    /// What it starts when `serve` starts, after the migrations and the demo account: background
    /// work such as delivering wishes or preparing the demo's songs.
    static func prepareToServe(_ app: Application, demo: Bool) async throws

    /// Hears that an account confirmed `email` as its own (on sign-up by invitation, by its
    /// link, or by an administrator): what waited for that address's owner may go on.
    static func addressConfirmed(_ email: String, on database: any Database, now: Date) async throws

    /// How many bytes of files the user keeps in it (songs, photos), counted against their quota.
    static func storedBytes(of userID: UUID, on database: any Database) async throws -> Int

    /// The queues of work it keeps in tables of its own, which `/metrics` counts (``QueueFigures``).
    static var queueFigures: [QueueFigures] { get }
}

extension KineticModule {
    static func prepare(_ app: Application) throws {}
    static var commands: [any KineticCommand.Type] { [] }
    static func loadSettings(from environment: [String: String], into settings: inout ModuleSettings) throws {}
    static var menuItem: SideMenu.Item? { nil }
    static var systemTools: [SystemTool] { [] }
    static func seedDemo(for account: DemoAccount, on database: any Database) async throws {}
    static func prepareToServe(_ app: Application, demo: Bool) async throws {}
    static func addressConfirmed(_ email: String, on database: any Database, now: Date) async throws {}
    static func storedBytes(of userID: UUID, on database: any Database) async throws -> Int { 0 }
    static var queueFigures: [QueueFigures] { [] }
}

/// The demo account as the modules see it while they add their data.
struct DemoAccount: Sendable {
    let userID: UUID
    /// Its calendar at the moment it is made (its "today" and "this month").
    let calendar: UserCalendar
}
