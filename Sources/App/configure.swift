import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Vapor

/// Sets up Kinetic on `app`: database, migrations, middleware, strings and routes.
public func configure(_ app: Application, _ configuration: KineticConfiguration) async throws {
    app.kineticConfiguration = configuration
    try await app.useDatabases(configuration.database)
    app.migrations.add(KineticMigrations.all(configuration))
    // Forty-odd lines of "prepare" at every start say nothing to whoever runs it: `--log debug` shows them.
    app.fluent.migrationLogLevel = .debug

    app.passwords.use(.bcrypt(cost: configuration.bcryptCost))
    app.prepareUnknownAccountHash()
    app.signedInTokens = SignedInTokens(lifetime: configuration.apiTokenCacheSeconds)
    try app.loadStringCatalog()
    try app.loadExerciseCatalogue()
    await app.startToolThreads()
    app.prepareReportImports()
    app.prepareAccountMailer()
    try app.loadPasswordPolicy()

    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    ContentConfiguration.global.use(encoder: encoder, for: .json)
    app.routes.defaultMaxBodySize = "1mb"
    app.middleware = Middlewares()
    app.middleware.use(SecurityHeadersMiddleware())
    app.middleware.use(KineticErrorMiddleware())
    app.middleware.use(PublicFilesMiddleware(publicDirectory: app.directory.publicDirectory))
    app.asyncCommands.use(ImportHealthCommand(), as: "import-health")
    app.asyncCommands.use(EstimateTempoCommand(), as: "estimate-tempo")
    app.asyncCommands.use(RepRateCommand(), as: "rep-rate")
    app.asyncCommands.use(AdminCommands(), as: "admin")
    app.asyncCommands.use(ImportReportsCommand(), as: "import-reports")
    try routes(app)
}

/// What `kinetic serve` does before it listens: migrates, removes uploads an earlier run left
/// behind (a crash mid-import) and, when configured, creates the demo account on an empty
/// database and adds the demo songs it lacks and the demo report library when there is none
/// (in the background); starts delivering wishes. Returns the banner to print on the terminal
/// (never the log: it may hold the demo account's new password).
public func prepareToServe(_ app: Application, arguments: [String]) async throws -> ServeBanner {
    try await app.autoMigrate().get()
    try app.clearUploadDirectory()
    app.reportFiles.clearStaging()
    await app.startWishScheduler()
    let configuration = app.kineticConfiguration
    var banner = ServeBanner(
        address: ServeBanner.address(arguments: arguments), dataDirectory: configuration.dataDirectory,
        database: configuration.database, demo: .off,
        mailServer: configuration.wishDelivery.smtp.map { "\($0.host):\($0.port)" },
        tools: WorkoutsModule.systemTools + ReportsModule.systemTools + WishesModule.systemTools
    )
    guard configuration.createsDemoAccount else { return banner }
    banner.demo = try await DemoSeeder.seedIfEmpty(app).map { .created(password: $0) } ?? .existing
    WorkoutsDemo.prepareInBackground(app)
    ReportsDemo.prepareInBackground(app)
    return banner
}
