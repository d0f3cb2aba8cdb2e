import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import SQLKit
import Vapor

extension DatabaseID {
    /// The connections long imports run on, apart from the ones that answer requests, so that an
    /// import's transaction never holds the connection other requests wait for.
    static let imports = DatabaseID(string: "imports")
}

extension Application {
    /// Registers the database twice: the default connections for requests and ``DatabaseID/imports``
    /// for imports. SQLite runs in WAL mode, so readers never wait for an import's write
    /// transaction, and waits for a lock sleep (`busy_timeout`) instead of spinning.
    func useDatabases(_ database: KineticConfiguration.Database) async throws {
        switch database {
        case .sqlite(let path):
            reserveSQLiteThreads()
            // One connection per event loop: a request queued behind others for it waits as long
            // as one waiting for the write lock would, not the pool's default 10 s (under load,
            // fifty logins at once on a busy machine timed out into 500s).
            let wait = TimeAmount.seconds(Int64(kineticConfiguration.sqliteBusyTimeout))
            databases.use(.sqlite(.file(path), connectionPoolTimeout: wait, sqlLogLevel: .debug), as: .sqlite)
            databases.use(.sqlite(.file(path), connectionPoolTimeout: wait, sqlLogLevel: .debug), as: .imports, isDefault: false)
            try await prepareSQLiteConnections()
        case .postgres(let url):
            // TLS follows the URL's `sslmode` (`disable`, `prefer` — the default —, `require`).
            let postgres = try SQLPostgresConfiguration(url: url)
            databases.use(.postgres(configuration: postgres, maxConnectionsPerEventLoop: 4, sqlLogLevel: .debug), as: .psql)
            databases.use(
                .postgres(configuration: postgres, maxConnectionsPerEventLoop: 1, sqlLogLevel: .debug), as: .imports, isDefault: false)
        }
    }

    /// Gives the app a blocking-thread pool with a thread for every SQLite connection and as many
    /// again for bcrypt and file I/O. SQLite runs every call on this pool, and a connection that
    /// waits for another's write lock sleeps *on a pool thread*: with NIO's shared pool (one
    /// thread per core, shared by every app in the process) two waiting writers took every
    /// thread, so the writer holding the lock could not run its COMMIT and all of them stalled
    /// for the whole busy timeout.
    private func reserveSQLiteThreads() {
        let loops = Array(eventLoopGroup.makeIterator()).count
        let connections = 2 * loops // one per event loop, for requests and for imports
        threadPool = NIOThreadPool(numberOfThreads: 2 * connections)
    }

    /// WAL (kept in the file) and a sleeping busy timeout on every pooled connection: SQLite's
    /// driver opens one connection per event loop and keeps it, and its own busy handler retries
    /// without sleeping, which burns a core while an import writes.
    private func prepareSQLiteConnections() async throws {
        try await db.sql().raw("PRAGMA journal_mode = WAL").run()
        for id in [DatabaseID.sqlite, .imports] {
            for loop in eventLoopGroup.makeIterator() {
                let database = databases.database(id, logger: logger, on: loop)!
                try await database.sql().raw(
                    "PRAGMA busy_timeout = \(unsafeRaw: String(Int(kineticConfiguration.sqliteBusyTimeout * 1000)))"
                ).run()
            }
        }
    }

    /// The database imports write to.
    var importDatabase: any Database {
        databases.database(.imports, logger: logger, on: eventLoopGroup.any())!
    }
}

extension Request {
    /// The database imports write to, on this request's event loop.
    var importDatabase: any Database {
        application.databases.database(.imports, logger: logger, on: eventLoop)!
    }
}
