import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Vapor

/// Sets up Kinetic on `app`: database, migrations, middleware, strings and routes.
public func configure(_ app: Application, _ configuration: KineticConfiguration) async throws {
    app.kineticConfiguration = configuration
    KineticMetrics.bootstrap()
    try await app.useDatabases(configuration.database)
    app.migrations.add(KineticMigrations.all(configuration))
    // Forty-odd lines of "prepare" at every start say nothing to whoever runs it: `--log debug` shows them.
    app.fluent.migrationLogLevel = .debug

    app.passwords.use(.bcrypt(cost: configuration.bcryptCost))
    app.prepareUnknownAccountHash()
    app.signedInTokens = SignedInTokens(lifetime: configuration.apiTokenCacheSeconds)
    app.reportCategoryTrees = CategoryTreeCache()
    try app.loadStringCatalog()
    await app.startToolThreads()
    app.startCountingUploads()
    await app.prepareMedia()
    app.prepareHyphenator()
    app.prepareOutboundHTTP()
    app.prepareStopping()
    app.prepareJobs()
    app.prepareIncomingUploads()
    for module in KineticModules.all { try module.prepare(app) }

    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    ContentConfiguration.global.use(encoder: encoder, for: .json)
    app.routes.defaultMaxBodySize = "1mb"
    app.refuseCodedRequestBodies()
    app.closeIdleConnections()
    app.assets = try AssetCatalog.shared(directory: URL(fileURLWithPath: app.directory.publicDirectory))
    try app.prepareServiceWorker()
    app.middleware = Middlewares()
    app.middleware.use(CompressionMiddleware())
    app.middleware.use(AssetsMiddleware(catalog: app.assets))
    app.middleware.use(ConditionalReadMiddleware())
    app.middleware.use(SecurityHeadersMiddleware())
    app.middleware.use(OfflineAccountMiddleware())
    app.middleware.use(KineticErrorMiddleware())
    app.middleware.use(RequestLimitsMiddleware())
    MigrateCommand.register(on: app)
    BackupCommand.register(on: app)
    RestoreCommand.register(on: app)
    for module in KineticModules.all {
        for command in module.commands { command.register(on: app) }
    }
    try routes(app)
}

/// What `kinetic serve` does before it listens: migrates (or, with `--no-migrate`, waits until
/// `kinetic migrate` has), removes uploads an earlier run left
/// behind (a crash mid-import), creates the demo account on an empty database when configured,
/// and lets each module start its own work (delivering wishes; the demo's songs and report
/// library in the background). Returns the banner to print on the terminal (never the log: it
/// may hold the demo account's new password).
public func prepareToServe(_ app: Application, arguments: [String]) async throws -> ServeBanner {
    let configuration = app.kineticConfiguration
    if configuration.migratesOnServe {
        try await app.migrateOnce()
    } else {
        try await app.waitForMigrations()
    }
    try app.clearUploadDirectory()
    app.reportFiles.clearStaging()
    var banner = ServeBanner(
        address: ServeBanner.address(arguments: arguments), dataDirectory: configuration.dataDirectory,
        database: configuration.database, demo: .off,
        mailServer: configuration.mail.smtp.map { "\($0.host):\($0.port)" },
        tools: KineticModules.systemTools
    )
    if configuration.createsDemoAccount {
        banner.demo =
            try await DemoSeeder.seedIfEmpty(app).map { .created(email: DemoSeeder.email, password: $0) }
            ?? .existing(email: DemoSeeder.email)
    }
    for module in KineticModules.all { try await module.prepareToServe(app, demo: configuration.createsDemoAccount) }
    app.startJobWorkers()
    return banner
}
