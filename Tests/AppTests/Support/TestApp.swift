import Fluent
import FluentPostgresDriver
import Foundation
import ObjectStorage
import SQLKit
import Testing
import VaporTesting

@testable import App

/// The database the App tests run against: a fresh SQLite file per test, or, when
/// `KINETIC_TEST_DATABASE_URL` names a PostgreSQL server, a fresh database of the test's own on it,
/// copied from a template migrated once per test process. Copying takes tens of milliseconds where migrating
/// took about a second, and tests on their own databases can run in parallel.
enum TestDatabase {
    /// The database `KINETIC_TEST_DATABASE_URL` names: where test databases are created from.
    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["KINETIC_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A new, migrated, empty PostgreSQL database and its URL, or nil on SQLite. `drop(_:)` removes it.
    static func create() async throws -> String? {
        guard let postgresURL else { return nil }
        let template = try await Template.shared.name(server: postgresURL)
        let name = "kinetic_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try await run("CREATE DATABASE \(name) TEMPLATE \(template)", on: postgresURL)
        return try url(of: name, on: postgresURL)
    }

    /// Removes a database `create()` made, ending any connection to it left open.
    static func drop(_ url: String) async throws {
        guard let postgresURL, let name = URLComponents(string: url)?.path.dropFirst() else { return }
        try await run("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", on: postgresURL)
    }

    /// A new SQLite file at `path`, migrated: a copy of a file migrated once per test process
    /// (a copy takes a millisecond where migrating took a tenth of a second alone, and seconds
    /// with the whole suite writing beside it).
    static func copySQLite(to path: String) async throws {
        try FileManager.default.copyItem(atPath: try await SQLiteTemplate.shared.path(), toPath: path)
    }

    /// Makes the template the tests' databases are copied from, if it is not made yet (its time
    /// is not a test's start).
    static func prepareTemplate() async throws {
        if postgresURL == nil {
            _ = try await SQLiteTemplate.shared.path()
        } else if let postgresURL {
            _ = try await Template.shared.name(server: postgresURL)
        }
    }

    /// Runs `body` with a new database's URL (nil on SQLite), and drops the database after it.
    static func withFresh<T>(_ body: (String?) async throws -> T) async throws -> T {
        let url = try await create()
        do {
            let result = try await body(url)
            if let url { try await drop(url) }
            return result
        } catch {
            if let url { try? await drop(url) }
            throw error
        }
    }

    /// The URL of database `name` on the server `serverURL` names.
    static func url(of name: String, on serverURL: String) throws -> String {
        guard var parts = URLComponents(string: serverURL) else { throw TestDatabaseError.notAURL(serverURL) }
        parts.path = "/\(name)"
        guard let url = parts.string else { throw TestDatabaseError.notAURL(serverURL) }
        return url
    }

    /// One statement on its own connection (`CREATE DATABASE` runs outside a transaction).
    private static func run(_ statement: String, on url: String) async throws {
        let connection = try await PostgresConnection.connect(
            configuration: try SQLPostgresConfiguration(url: url).coreConfiguration, id: 1, logger: Logger(label: "kinetic.test.database"))
        do {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: Logger(label: "kinetic.test.database"))
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// The database every test's is copied from: migrated once per test process, on first use. It
    /// stays behind when the process ends (scripts/test throws its cluster away). A template that
    /// failed is not made again: every later test reports the same error.
    private actor Template {
        static let shared = Template()
        private var made: Task<String, any Error>?

        func name(server: String) async throws -> String {
            if let made { return try await made.value }
            let task = Task { try await Self.make(server: server) }
            made = task
            return try await task.value
        }

        private static func make(server: String) async throws -> String {
            let name = "kinetic_template_\(UUID().uuidString.prefix(8).lowercased())"
            try await run("CREATE DATABASE \(name)", on: server)
            // Its connections close after: PostgreSQL copies only a database nobody is connected to.
            let started = ContinuousClock.now
            try await migrateTemplate(.postgres(url: try url(of: name, on: server)))
            TestStarts.record(ContinuousClock.now - started, "the template, migrated once", test: "(template)")
            return name
        }
    }
}

/// The SQLite file every test's is copied from: migrated once per test process, on first use,
/// and closed (its write-ahead log folded in) before anything copies it.
private actor SQLiteTemplate {
    static let shared = SQLiteTemplate()
    private var made: Task<String, any Error>?

    func path() async throws -> String {
        if let made { return try await made.value }
        let task = Task { try await Self.make() }
        made = task
        return try await task.value
    }

    private static func make() async throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-test-template-\(UUID().uuidString).sqlite").path
        let started = ContinuousClock.now
        try await TestDatabase.migrateTemplate(.sqlite(path: path))
        TestStarts.record(ContinuousClock.now - started, "the template, migrated once", test: "(template)")
        return path
    }
}

extension TestDatabase {
    /// Whether a copy of the template is migrated for `configuration`: its migrations are the
    /// ones the template ran, in order. Such a copy is not migrated again (checking costs a test
    /// the first connection to its database, a tenth of a second on PostgreSQL).
    static func templateIsMigrated(for configuration: KineticConfiguration) -> Bool {
        KineticMigrations.all(configuration).map(\.name) == templateMigrations
    }

    /// The migrations the template runs: those of the configuration every test starts from.
    static let templateMigrations = KineticMigrations.all(KineticConfiguration(database: .sqlite(path: ""), bcryptCost: 4)).map(\.name)

    /// Migrates `database` with the configuration every test starts from, and closes it.
    static func migrateTemplate(_ database: KineticConfiguration.Database) async throws {
        var configuration = KineticConfiguration(database: database, bcryptCost: 4)
        configuration.createsDemoAccount = false
        configuration.clock = TestClock(testNow).kineticClock
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-test-template-\(UUID().uuidString)")
        configuration.uploadDirectory = scratch.appendingPathComponent("uploads").path
        configuration.mediaDirectory = scratch.appendingPathComponent("media").path
        defer { try? FileManager.default.removeItem(at: scratch) }
        let app = try await Application.make(.testing)
        do {
            try await configure(app, configuration)
            try await app.autoMigrate().get()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}

enum TestDatabaseError: Error {
    case notAURL(String)
}

/// Where the App tests keep media: a fresh directory per test, or, when `KINETIC_TEST_S3` is
/// `1`, a real S3 server (moto, one for the whole run) with a fresh prefix of its bucket per test
/// (scripts/test runs the PostgreSQL pass that way).
enum TestMedia {
    static let peer: S3Peer? = {
        guard ProcessInfo.processInfo.environment["KINETIC_TEST_S3"] == "1" else { return nil }
        do { return try S3Peer() } catch { fatalError("KINETIC_TEST_S3=1 needs the S3 peer (moto): \(error)") }
    }()

    /// The store for one test's app: nil for the media directory.
    static func storage() throws -> MediaStorage? {
        guard let peer else { return nil }
        return .s3(
            try S3Location(url: peer.mediaURL(prefix: "test-\(UUID().uuidString.lowercased())")),
            SignatureV4.Credentials(accessKeyID: "test", secretAccessKey: "test"))
    }
}

/// The instant tests run at unless they say otherwise: 2027-01-15 08:00 UTC.
let testNow = Date(timeIntervalSince1970: 1_800_000_000)

/// Runs `body` against a configured, migrated Kinetic with fast password hashing, its clock
/// pinned at `now` (or `clock`, for a test that moves time), its job workers running unless
/// `startsJobWorkers` is false.
func withKinetic(
    loginBurstPerAccount: Int = 5,
    maximumUploadBytes: Int = 2 << 30,
    now: Date = testNow,
    clock: TestClock? = nil,
    startsJobWorkers: Bool = true,
    adjust: (inout KineticConfiguration) -> Void = { _ in },
    _ body: (Application) async throws -> Void
) async throws {
    // The PostgreSQL database is dropped after the app has shut down, whatever happened.
    try await TestDatabase.withFresh { postgresURL in
        let sqlitePath = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-test-\(UUID().uuidString).sqlite").path
        var configuration = KineticConfiguration(
            database: postgresURL.map { .postgres(url: $0) } ?? .sqlite(path: sqlitePath),
            bcryptCost: 4,
            loginBurstPerAccount: loginBurstPerAccount,
            loginBurstPerAddress: 100
        )
        configuration.createsDemoAccount = false
        configuration.maximumUploadBytes = maximumUploadBytes
        configuration.clock = (clock ?? TestClock(now)).kineticClock
        configuration.uploadDirectory =
            FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-test-uploads-\(UUID().uuidString)").path
        configuration.mediaDirectory =
            FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-test-media-\(UUID().uuidString)").path
        configuration.sqliteBusyTimeout = 120
        configuration.mediaStorage = try TestMedia.storage() ?? .directory
        adjust(&configuration)
        try await TestAppSlots.shared.take()
        defer { Task { await TestAppSlots.shared.giveBack() } }
        try await TestDatabase.prepareTemplate()
        let starting = ContinuousClock.now
        if postgresURL == nil { try await TestDatabase.copySQLite(to: sqlitePath) }
        let copied = ContinuousClock.now
        let app = try await Application.make(.testing)
        do {
            try await configure(app, configuration)
            let configured = ContinuousClock.now
            if !TestDatabase.templateIsMigrated(for: configuration) { try await app.autoMigrate().get() }
            let migrated = ContinuousClock.now
            if startsJobWorkers { app.startJobWorkers() }
            TestStarts.record(
                ContinuousClock.now - starting,
                "copy \(TestStarts.seconds(copied - starting)) configure \(TestStarts.seconds(configured - copied))"
                    + " migrate \(TestStarts.seconds(migrated - configured))")
            try await body(app)
        } catch {
            try? await app.asyncShutdown()
            try? FileManager.default.removeItem(atPath: sqlitePath)
            throw error
        }
        try await app.asyncShutdown()
        try? FileManager.default.removeItem(atPath: sqlitePath)
        try? FileManager.default.removeItem(atPath: configuration.uploadDirectory)
        try? FileManager.default.removeItem(atPath: configuration.mediaDirectory)
    }
}

/// How long each test's app took to start (a fresh database, configured and migrated): appended
/// to the file `KINETIC_TEST_STARTS` names, a line per test, for `scripts/test` to print the
/// slowest.
enum TestStarts {
    private static let file = ProcessInfo.processInfo.environment["KINETIC_TEST_STARTS"].flatMap { $0.isEmpty ? nil : $0 }
    private static let lock = NSLock()

    static func record(_ duration: Duration, _ detail: String = "", test: String? = nil) {
        guard let file else { return }
        let line = "\(seconds(duration)) \(test ?? Test.current?.name ?? "?") \(detail)\n"
        // Appended (O_APPEND): the server-process tests' process writes to the same file beside
        // this one, and a line written so lands whole at the end.
        lock.withLock {
            guard let stream = fopen(file, "a") else { return }
            fputs(line, stream)
            fclose(stream)
        }
    }

    /// `duration` in seconds, to the millisecond: "0.042".
    static func seconds(_ duration: Duration) -> String {
        String(format: "%.3f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}

/// How many test apps run at once: Swift Testing starts every test together, and hundreds of
/// apps starting on two cores (each with its threads and connections) made a start take 16 s
/// of waiting for its turn at the CPU. `KINETIC_TEST_APPS` overrides it.
actor TestAppSlots {
    static let shared = TestAppSlots(
        count: ProcessInfo.processInfo.environment["KINETIC_TEST_APPS"].flatMap(Int.init) ?? 6
            * ProcessInfo.processInfo.activeProcessorCount)
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = max(1, count) }

    func take() async throws {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func giveBack() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}
