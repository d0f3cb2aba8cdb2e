import Fluent
import Foundation
import ObjectStorage
import SQLKit
import Testing
import VaporTesting

@testable import App

/// The database the App tests run against: a fresh SQLite file per test, or, when
/// `KINETIC_TEST_DATABASE_URL` is set, that PostgreSQL database with its schema emptied first
/// (scripts/test runs that pass with `--no-parallel`).
enum TestDatabase {
    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["KINETIC_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }
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
/// pinned at `now` (or `clock`, for a test that moves time).
func withKinetic(
    loginBurstPerAccount: Int = 5,
    maximumUploadBytes: Int = 2 << 30,
    now: Date = testNow,
    clock: TestClock? = nil,
    adjust: (inout KineticConfiguration) -> Void = { _ in },
    _ body: (Application) async throws -> Void
) async throws {
    let sqlitePath = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-test-\(UUID().uuidString).sqlite").path
    var configuration = KineticConfiguration(
        database: TestDatabase.postgresURL.map { .postgres(url: $0) } ?? .sqlite(path: sqlitePath),
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
    let app = try await Application.make(.testing)
    do {
        try await configure(app, configuration)
        if TestDatabase.postgresURL != nil, let sql = app.db as? SQLDatabase {
            try await sql.raw("DROP SCHEMA public CASCADE").run()
            try await sql.raw("CREATE SCHEMA public").run()
        }
        try await app.autoMigrate().get()
        app.startJobWorkers()
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
