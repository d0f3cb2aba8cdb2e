import Fluent
import FluentSQLiteDriver
import Foundation
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
}
