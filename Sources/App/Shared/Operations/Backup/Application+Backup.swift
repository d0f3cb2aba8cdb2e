import Fluent
import Foundation
import KineticCore
import SQLKit
import Vapor

extension Application {
    /// The kind of database this instance is configured for.
    var databaseKind: BackupManifest.DatabaseKind {
        switch kineticConfiguration.database {
        case .sqlite: .sqlite
        case .postgres: .postgresql
        }
    }

    /// This version's schema: the migrations it runs.
    var schemaVersion: SchemaVersion {
        SchemaVersion(migrations: KineticMigrations.all(kineticConfiguration).map(\.name))
    }

    /// Writes one consistent archive of the instance to `destination` (``TarWriter``): the
    /// manifest, the database as one snapshot (SQLite's `VACUUM INTO`, a consistent copy made
    /// while others read and write; PostgreSQL's `pg_dump` when `postgresDump`, else its rows,
    /// ``PostgresLogicalExport``), then every media object, listed after the snapshot so each
    /// object a row of it names is in it, unless it was removed in the meantime (a report folder
    /// an import replaced: left out, and named in the log). The archive appears whole or not
    /// at all. A database migrated by a newer Kinetic is refused: its archive would name this
    /// version's schema.
    func backup(
        to destination: URL, postgresDump: Bool = PostgresDumpClient.path(of: "pg_dump") != nil
    ) async throws -> BackupContents {
        let pending = try await pendingMigrations()
        guard pending.isEmpty else { throw BackupError.notMigrated(pending) }
        let unknown = Set(try await MigrationLog.query(on: db).all(\.$name)).subtracting(schemaVersion.migrations)
        guard unknown.isEmpty else { throw BackupError.newerDatabase(unknown.sorted()) }
        let work = try backupWorkFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let format: BackupManifest.DatabaseFormat =
            switch kineticConfiguration.database {
            case .sqlite: .sqliteFile
            case .postgres: postgresDump ? .pgDump : .postgresRows
            }
        let manifest = BackupManifest(createdAt: now, schema: schemaVersion, database: databaseKind, databaseFormat: format)
        let snapshot = work.appendingPathComponent(manifest.databaseEntry)
        var exportedTables: [String] = []
        switch (kineticConfiguration.database, format) {
        case (.postgres(let url), .pgDump): try await PostgresDumpClient(url: url).dump(to: snapshot)
        case (.postgres, _):
            try FileManager.default.createDirectory(at: snapshot, withIntermediateDirectories: true)
            exportedTables = try await PostgresLogicalExport(database: db).export(into: snapshot)
        case (.sqlite, _): try await db.sql().raw("VACUUM INTO \(bind: snapshot.path)").run()
        }
        let objects = try await media.list(under: MediaKey(""))

        let partial = destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).partial")
        let archive = try TarWriter(creating: partial, modified: now)
        do {
            try archive.add(BackupManifest.entry, data: try Self.backupEncoder.encode(manifest))
            if format == .postgresRows {
                for table in exportedTables {
                    try archive.add(PostgresLogicalExport.entry(for: table), file: snapshot.appendingPathComponent("\(table).jsonl"))
                }
            } else {
                try archive.add(manifest.databaseEntry, file: snapshot)
            }
            try? FileManager.default.removeItem(at: snapshot)
            var contents = BackupContents(mediaObjects: 0, mediaBytes: 0)
            let copy = work.appendingPathComponent("object")
            for object in objects {
                guard try await media.download(object.key, to: copy) else {
                    logger.warning("\(object.key) was removed while the backup was made; it is not in the archive")
                    continue
                }
                try archive.add(BackupManifest.entry(for: object.key), file: copy)
                contents.mediaObjects += 1
                contents.mediaBytes += (try FileManager.default.attributesOfItem(atPath: copy.path)[.size] as? Int64) ?? 0
                try? FileManager.default.removeItem(at: copy)
            }
            try archive.add(BackupContents.entry, data: try Self.backupEncoder.encode(contents))
            try archive.finish()
            _ = try? FileManager.default.removeItem(at: destination)
            try FileManager.default.moveItem(at: partial, to: destination)
            return contents
        } catch {
            archive.close()
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }

    /// Restores the archive at `source` into this instance's database and media store, which
    /// must both be empty. Everything is checked before anything is written: the archive whole
    /// (every header, its manifest first and its contents last), its schema against this
    /// version's (another is refused), its database kind, and every media key.
    func restore(from source: URL) async throws -> BackupContents {
        let archive = try TarReader(reading: source)
        defer { archive.close() }
        let entries: [TarReader.Entry]
        do { entries = try archive.entries() } catch let error as TarError { throw BackupError.notAnArchive(error.description) }
        guard let first = entries.first, first.name == BackupManifest.entry,
            let manifest = try? JSONDecoder.backup.decode(BackupManifest.self, from: archive.data(first, maximumBytes: 1 << 20))
        else { throw BackupError.notAnArchive("it does not begin with a readable manifest.json") }
        guard manifest.format <= BackupManifest.currentFormat else { throw BackupError.laterFormat(manifest.format) }
        if let difference = schemaVersion.difference(from: manifest.schema) {
            throw BackupError.otherSchema(onlyInArchive: difference.onlyInOther, onlyHere: difference.onlyHere)
        }
        guard manifest.database == databaseKind, (manifest.databaseFormat == .sqliteFile) == (databaseKind == .sqlite) else {
            throw BackupError.otherDatabase(archive: manifest.database, here: databaseKind)
        }
        guard let last = entries.last, last.name == BackupContents.entry,
            let contents = try? JSONDecoder.backup.decode(BackupContents.self, from: archive.data(last, maximumBytes: 1 << 20))
        else { throw BackupError.notAnArchive("it is cut short (contents.json is missing)") }
        let databaseEntries = entries.filter {
            manifest.databaseFormat == .postgresRows ? $0.name.hasPrefix(PostgresLogicalExport.folder) : $0.name == manifest.databaseEntry
        }
        guard !databaseEntries.isEmpty else { throw BackupError.notAnArchive("\(manifest.databaseEntry) is missing") }
        let objects = try entries.filter { $0.name.hasPrefix("media/") }.map { entry in
            guard let key = try? MediaKey(String(entry.name.dropFirst("media/".count))), key.isObject else {
                throw BackupError.notAnArchive("\(entry.name) is not a media object Kinetic makes")
            }
            return (entry: entry, key: key)
        }
        guard objects.count == contents.mediaObjects, objects.reduce(0, { $0 + $1.entry.size }) == contents.mediaBytes else {
            throw BackupError.notAnArchive("its media are not what contents.json counts")
        }
        try await requireEmptyDatabase()
        let existing = try await media.list(under: MediaKey(""))
        guard existing.isEmpty else { throw BackupError.mediaNotEmpty(existing.count) }

        let work = try backupWorkFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let snapshot = work.appendingPathComponent("database")
        var kept: [MediaKey] = []
        do {
            switch (kineticConfiguration.database, manifest.databaseFormat) {
            case (.postgres, .postgresRows):
                try await autoMigrate().get()
                try await PostgresLogicalExport(database: db).restore { table in
                    guard let entry = databaseEntries.first(where: { $0.name == PostgresLogicalExport.entry(for: table) }) else {
                        return nil
                    }
                    try archive.extract(entry, to: snapshot)
                    return snapshot
                }
            case (.postgres(let url), _):
                try archive.extract(databaseEntries[0], to: snapshot)
                try await PostgresDumpClient(url: url).restore(from: snapshot)
            case (.sqlite, _):
                try archive.extract(databaseEntries[0], to: snapshot)
                try await restoreSQLite(from: snapshot)
            }
            try? FileManager.default.removeItem(at: snapshot)
            let copy = work.appendingPathComponent("object")
            for object in objects {
                try archive.extract(object.entry, to: copy)
                try await media.keep(copy, as: object.key, contentType: MediaKey.contentType(ofName: object.key.description))
                kept.append(object.key)
            }
        } catch {
            // Both were empty before: emptied again, the restore can simply be run once more.
            for key in kept { try? await media.remove(key) }
            try? await dropEveryTable()
            throw error
        }
        return contents
    }

    /// Drops every table (a restore that stopped half way, into a database that was empty):
    /// virtual tables first, which take their shadow tables with them.
    private func dropEveryTable() async throws {
        let sql = try db.sql()
        switch databaseKind {
        case .sqlite:
            let objects = try await sql.raw("SELECT type, name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                .all(decoding: SchemaObject.self)
            for table in objects.filter(\.isVirtual) + objects.filter({ !$0.isVirtual }) {
                try await sql.raw("DROP TABLE IF EXISTS \(ident: table.name)").run()
            }
        case .postgresql:
            for table in try await tableNames() { try await sql.raw("DROP TABLE IF EXISTS \(ident: table) CASCADE").run() }
        }
    }

    /// The database's tables by name (SQLite's own left out).
    func tableNames() async throws -> [String] {
        let sql = try db.sql()
        switch databaseKind {
        case .sqlite:
            return try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
                .all(decodingColumn: "name", as: String.self)
        case .postgresql:
            return try await sql.raw("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
                .all(decodingColumn: "tablename", as: String.self)
        }
    }

    /// Refuses a database that holds any table.
    private func requireEmptyDatabase() async throws {
        let tables = try await tableNames()
        guard tables.isEmpty else {
            throw BackupError.databaseNotEmpty("\(tables.count) tables, among them \(tables.prefix(3).joined(separator: ", "))")
        }
    }

    /// Copies the SQLite database `file` into this (empty) one on one connection in one
    /// transaction: its tables (virtual ones first, which make their own shadow tables), their
    /// rows (the shadow tables' too, so full-text indexes come whole), then its indexes,
    /// triggers and views, so no trigger fires on a copied row.
    private func restoreSQLite(from file: URL) async throws {
        try await db.withConnection { connection in
            connection.eventLoop.makeFutureWithTask {
                let sql = try connection.sql()
                try await sql.raw("ATTACH DATABASE \(bind: file.path) AS archive").run()
                do {
                    try await Self.copySQLite(on: sql)
                } catch {
                    try? await sql.raw("DETACH DATABASE archive").run()
                    throw error
                }
                try await sql.raw("DETACH DATABASE archive").run()
            }
        }.get()
    }

    private struct SchemaObject: Decodable {
        let type: String
        let name: String
        let sql: String?

        /// A virtual table (full-text search), which makes its own shadow tables.
        var isVirtual: Bool { sql?.uppercased().hasPrefix("CREATE VIRTUAL TABLE") == true }
    }

    private static func copySQLite(on sql: any SQLDatabase) async throws {
        let objects = try await sql.raw("SELECT type, name, sql FROM archive.sqlite_master ORDER BY rowid").all(decoding: SchemaObject.self)
        let tables = objects.filter { $0.type == "table" }
        try await sql.raw("BEGIN IMMEDIATE").run()
        do {
            for table in tables.filter(\.isVirtual) + tables.filter({ !$0.isVirtual }) where !table.name.hasPrefix("sqlite_") {
                let exists = try await sql.raw("SELECT count(*) AS n FROM main.sqlite_master WHERE name = \(bind: table.name)")
                    .first(decodingColumn: "n", as: Int.self)
                if exists == 0, let create = table.sql { try await sql.raw("\(unsafeRaw: create)").run() }
            }
            for table in tables where !table.isVirtual && (!table.name.hasPrefix("sqlite_") || table.name == "sqlite_sequence") {
                try await sql.raw("DELETE FROM main.\(ident: table.name)").run()
                try await sql.raw("INSERT INTO main.\(ident: table.name) SELECT * FROM archive.\(ident: table.name)").run()
            }
            for object in objects where ["index", "trigger", "view"].contains(object.type) {
                if let create = object.sql { try await sql.raw("\(unsafeRaw: create)").run() }
            }
            try await sql.raw("COMMIT").run()
        } catch {
            try? await sql.raw("ROLLBACK").run()
            throw error
        }
    }

    private func backupWorkFolder() throws -> URL {
        // "upload-…": what a killed backup leaves is removed at the next start.
        let work = URL(fileURLWithPath: kineticConfiguration.uploadDirectory).appendingPathComponent("upload-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        return work
    }

    private static var backupEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }
}

extension JSONDecoder {
    fileprivate static var backup: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
