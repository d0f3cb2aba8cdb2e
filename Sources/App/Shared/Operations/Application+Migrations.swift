import Fluent
import FluentKit
import NIOConcurrencyHelpers
import SQLKit
import Vapor

extension Application {
    /// The PostgreSQL advisory lock every instance takes to migrate: "kinetics" in ASCII.
    static let migrationLockKey: Int64 = 0x6B69_6E65_7469_6373

    /// Runs the migrations not run yet, once however many instances start together: on
    /// PostgreSQL under an advisory lock, so the first instance migrates while the others wait
    /// for it and then find nothing left to do. (SQLite serves one instance; its own locking
    /// keeps two processes on one file from writing at once.)
    func migrateOnce() async throws {
        guard db is any SQLDatabase, case .postgres = kineticConfiguration.database else {
            try await autoMigrate().get()
            return
        }
        try await db.withConnection { connection in
            connection.eventLoop.makeFutureWithTask {
                let sql = connection as! any SQLDatabase
                try await sql.raw("SELECT pg_advisory_lock(\(literal: Self.migrationLockKey))").run()
                do {
                    try await self.autoMigrate().get()
                } catch {
                    try? await sql.raw("SELECT pg_advisory_unlock(\(literal: Self.migrationLockKey))").run()
                    throw error
                }
                try await sql.raw("SELECT pg_advisory_unlock(\(literal: Self.migrationLockKey))").run()
            }
        }.get()
    }

    /// Runs `body` on one instance at a time, without waiting: on PostgreSQL under the session
    /// advisory lock `key`, skipped (false) while another instance holds it; on SQLite (one
    /// instance) always run. Cancelling the caller cancels `body` (the connection's work runs in
    /// a task of its own, which a cancellation would not reach by itself).
    func onOneInstance(lock key: Int64, _ body: @escaping @Sendable () async throws -> Void) async throws -> Bool {
        guard db is any SQLDatabase, case .postgres = kineticConfiguration.database else {
            try await body()
            return true
        }
        struct Locked: Decodable { let locked: Bool }
        let running = NIOLockedValueBox<(cancelled: Bool, task: Task<Void, any Error>?)>((false, nil))
        return try await withTaskCancellationHandler {
            try await db.withConnection { connection in
                connection.eventLoop.makeFutureWithTask {
                    let sql = connection as! any SQLDatabase
                    let locked = try await sql.raw("SELECT pg_try_advisory_lock(\(literal: key)) AS locked").first(decoding: Locked.self)
                    guard locked?.locked == true else { return false }
                    let task = Task { try await body() }
                    running.withLockedValue { running in
                        running.task = task
                        if running.cancelled { task.cancel() }
                    }
                    do {
                        try await task.value
                    } catch {
                        try? await sql.raw("SELECT pg_advisory_unlock(\(literal: key))").run()
                        throw error
                    }
                    try await sql.raw("SELECT pg_advisory_unlock(\(literal: key))").run()
                    return true
                }
            }.get()
        } onCancel: {
            running.withLockedValue { running in
                running.cancelled = true
                running.task?.cancel()
            }
        }
    }

    /// Waits until the database has run every migration this version has (`serve --no-migrate`,
    /// started beside a `kinetic migrate` of its own): serving on an older schema would fail
    /// at the first request that needs a new table.
    func waitForMigrations() async throws {
        var told = false
        while true {
            let pending = (try? await pendingMigrations()) ?? KineticMigrations.all(kineticConfiguration).map(\.name)
            if pending.isEmpty { return }
            if !told {
                logger.notice("Waiting for `kinetic migrate` (--no-migrate): \(pending.count) migrations are not run yet")
                told = true
            }
            try await kineticConfiguration.clock.sleep(for: 2)
        }
    }

    /// The names of the migrations this version has that the database has not run.
    func pendingMigrations() async throws -> [String] {
        let applied = Set(try await MigrationLog.query(on: db).all(\.$name))
        return KineticMigrations.all(kineticConfiguration).map(\.name).filter { !applied.contains($0) }
    }
}

/// `kinetic migrate`: runs the migrations not run yet under the same lock as `serve`, for
/// deployments that migrate as a step of their own and start `serve --no-migrate`; with
/// `--revert`, undoes the last batch (after asking, unless `--yes`). It replaces Fluent's.
struct MigrateCommand: AsyncCommand, KineticCommand {
    struct Signature: CommandSignature {
        @Flag(name: "revert", help: "Undoes the last batch of migrations")
        var revert: Bool
        @Flag(name: "yes", short: "y", help: "Does not ask before undoing")
        var yes: Bool
    }

    static let about = CommandHelp(
        name: "migrate",
        summary: "Brings the database's tables up to date, once however many instances run it (serve does it too, unless --no-migrate).",
        usage: "kinetic migrate [--revert] [--yes]",
        options: [("--revert", "undo the last batch of migrations"), ("-y, --yes", "do not ask before undoing")])

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        if signature.revert {
            guard signature.yes || context.console.confirm("Undo the last batch of migrations?") else { return }
            try await app.autoRevert().get()
            context.console.print("Reverted the last batch.")
            return
        }
        let pending = (try? await app.pendingMigrations()) ?? KineticMigrations.all(app.kineticConfiguration).map(\.name)
        try await app.migrateOnce()
        context.console.print(pending.isEmpty ? "Nothing to migrate." : "Migrated \(pending.count): \(pending.joined(separator: ", ")).")
    }
}
