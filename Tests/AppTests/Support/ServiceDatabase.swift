import Fluent
import FluentSQLiteDriver
import Foundation
import KineticCore
import NIOPosix
import Testing

@testable import App

/// A migrated database for testing a module's service without a server: a copy of the tests'
/// SQLite template opened through Fluent alone, with no Vapor application, routes, middleware
/// or job workers. A service made on it is called as its controllers call it, in milliseconds.
enum ServiceDatabase {
    /// Runs `body` with a fresh database and a user in it, removed afterwards.
    static func withFresh<T>(_ body: (any Database, User) async throws -> T) async throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-service-\(UUID().uuidString).sqlite").path
        try await TestDatabase.copySQLite(to: path)
        let databases = Databases(threadPool: NIOThreadPool.singleton, on: MultiThreadedEventLoopGroup.singleton)
        databases.use(.sqlite(.file(path)), as: .sqlite)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let loop = MultiThreadedEventLoopGroup.singleton.any()
            let database = try #require(databases.database(logger: Logger(label: "service-test"), on: loop))
            let user = User(name: "Ana Lima", email: "ana@example.com", passwordHash: "not a hash: no one signs in")
            try await user.create(on: database)
            let result = try await body(database, user)
            await databases.shutdownAsync()
            return result
        } catch {
            await databases.shutdownAsync()
            throw error
        }
    }

    /// A media store in a scratch directory of its own.
    static func mediaStore() throws -> LocalMediaStore {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-service-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return LocalMediaStore(directory: directory)
    }

    /// A file in the scratch directory holding `data`, as an upload is received.
    static func scratchFile(_ data: Data = Data("not really a song".utf8)) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-service-upload-\(UUID().uuidString)")
        try data.write(to: file)
        return file
    }

    /// The String Catalog of `Resources/`, read once.
    static func localizer(_ language: AppLanguage = .english) throws -> Localizer {
        Localizer(language: language, catalog: try catalog.get())
    }

    private static let catalog = Result {
        try StringCatalog(data: Data(contentsOf: URL(fileURLWithPath: "Resources/Localizable.xcstrings")))
    }

    /// The Workouts service of `user` with `jobs`, tool work refused.
    static func workouts(_ database: any Database, _ user: User, media: some MediaStore, jobs: JobClient) throws -> WorkoutsService {
        WorkoutsService(
            database: database, userID: try user.requireID(), now: testNow, calendar: UserCalendar(timeZone: .gmt, now: testNow),
            configuration: KineticConfiguration(database: .sqlite(path: ":memory:"), bcryptCost: 4), catalogue: try catalogue.get(),
            localizer: try localizer(), tools: .failing(), songFiles: SongFiles(store: media), jobs: jobs)
    }

    private static let catalogue = Result { try ExerciseCatalogue.shipped() }

    /// A job as a test client answers it.
    static func job(_ kind: String, _ state: JobState) -> JobRecord {
        let job = JobRecord()
        job.id = UUID()
        job.kind = kind
        job.owner = "service-test"
        job.state = state
        job.payload = "{}"
        job.attempt = 1
        job.maxAttempts = 3
        job.scheduledAt = testNow
        job.insertedAt = testNow
        return job
    }

    /// The Wishes service of `user`, on a server that sends no e-mail; tool work refused.
    static func wishes(_ database: any Database, _ user: User) throws -> WishesService {
        WishesService(
            database: database, user: user, userID: try user.requireID(), now: testNow,
            configuration: KineticConfiguration(database: .sqlite(path: ":memory:"), bcryptCost: 4),
            localizer: try localizer(), tools: .failing(), photoFiles: WishPhotoFiles(store: try mediaStore()))
    }
}
