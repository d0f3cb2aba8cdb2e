import Crypto
import Fluent
import Foundation
import KineticAPI
import KineticCore
import SQLKit
import Testing
import VaporTesting

@testable import App

/// `kinetic backup` and `kinetic restore`: an instance with accounts, a song and a report
/// library goes into one archive and comes back, every table and every media object the same,
/// into an empty database and store; anything else is refused before a byte is written.
@Suite(.serialized) struct BackupTests {
    /// On PostgreSQL both ways of keeping the database: `pg_dump`, and its rows where `pg_dump`
    /// is not installed.
    @Test(arguments: TestDatabase.postgresURL != nil ? [true, false] : [true])
    func aBackup_restoresIntoAnEmptyInstance_everyTableAndObjectTheSame(postgresDump: Bool) async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = folder.appendingPathComponent("kinetic.tar")
        try await withKinetic { app in
            let ann = try await app.signUp()
            try await app.grantAdmin(ann)
            _ = try await app.signUp()
            let song = try await app.upload(
                try await AudioFixtures.clickTrack(bpm: 120, title: "Backed Up"), fileName: "backed-up.mp3", token: ann.token)
            #expect(song.status == .created)
            if PDFTools.isAvailable {
                let imported = try await app.importReports(try fixtures.zipped(), token: ann.token)
                #expect(imported.status == .ok, "\(imported.body.string)")
            }
            let contents = try await app.backup(to: archive, postgresDump: postgresDump)
            let objects = try await app.media.list(under: MediaKey(""))
            #expect(contents.mediaObjects == objects.count)
            #expect(contents.mediaObjects >= 1)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".kinetic.tar.partial").path))
            #expect(try tarListing(archive).first == "manifest.json", "tar reads it")

            try await withEmptyInstance(beside: app) { restored in
                let restoredContents = try await restored.restore(from: archive)
                #expect(restoredContents == contents)
                let tables = try await app.tableNames()
                #expect(try await restored.tableNames() == tables)
                #expect(tables.contains("users") && tables.contains("jobs"))
                for table in tables {
                    let rows = try await tableRows(table, app)
                    #expect(try await tableRows(table, restored) == rows, "\(table)")
                }
                #expect(try await digests(restored) == digests(app))
                #expect(try await restored.pendingMigrations().isEmpty)
                // The restored instance works: Ann signs in with her password.
                #expect(try await restored.json(.GET, "/api/v1/songs", token: ann.token).status == .ok)

                // Not into a database or store that holds anything.
                await #expect(throws: BackupError.self) { try await restored.restore(from: archive) }
            }
        }
    }

    @Test func anArchiveOfAnotherSchema_aCutShortOne_andAStranger_areRefused_beforeAnythingIsWritten() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = folder.appendingPathComponent("kinetic.tar")
        try await withKinetic { app in
            _ = try await app.signUp()
            _ = try await app.backup(to: archive)
            try await withEmptyInstance(beside: app) { empty in
                let newer = folder.appendingPathComponent("newer.tar")
                try rewrite(archive, to: newer) { manifest in manifest.schema.migrations.append("AddTeleportation") }
                await #expect(throws: BackupError.otherSchema(onlyInArchive: ["AddTeleportation"], onlyHere: [])) {
                    try await empty.restore(from: newer)
                }
                let older = folder.appendingPathComponent("older.tar")
                try rewrite(archive, to: older) { manifest in manifest.schema.migrations.removeLast() }
                await #expect(throws: BackupError.self) { try await empty.restore(from: older) }

                let data = try Data(contentsOf: archive)
                let cut = folder.appendingPathComponent("cut.tar")
                try data.prefix(data.count / 2).write(to: cut)
                await #expect(throws: BackupError.self) { try await empty.restore(from: cut) }
                let stranger = folder.appendingPathComponent("stranger.tar")
                try Data("not a tar file at all".utf8).write(to: stranger)
                await #expect(throws: BackupError.self) { try await empty.restore(from: stranger) }

                #expect(try await empty.tableNames().isEmpty, "nothing written")

                // A database a newer Kinetic migrated is not backed up under this version's schema.
                let unknown = MigrationLog()
                unknown.name = "App.AddTeleportation"
                unknown.batch = 99
                try await unknown.create(on: app.db)
                await #expect(throws: BackupError.newerDatabase(["App.AddTeleportation"])) {
                    try await app.backup(to: folder.appendingPathComponent("refused.tar"))
                }
                try await unknown.delete(on: app.db)
                #expect(try await empty.media.list(under: MediaKey("")).isEmpty)
                // The good archive still restores.
                _ = try await empty.restore(from: archive)
                #expect(try await User.query(on: empty.db).count() == 1)
            }
        }
    }

    /// A second instance configured like `app` on a new, empty database and media store (not
    /// migrated), shut down afterwards.
    private func withEmptyInstance(beside app: Application, _ body: (Application) async throws -> Void) async throws {
        var configuration = app.kineticConfiguration
        switch configuration.database {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-restore-\(UUID().uuidString).sqlite").path
            configuration.database = .sqlite(path: path)
        case .postgres(let url):
            let name = "kinetic_restore_\(UUID().uuidString.prefix(8).lowercased())"
            try await app.db.sql().raw("CREATE DATABASE \(unsafeRaw: name)").run()
            configuration.database = .postgres(url: try TestDatabase.url(of: name, on: url))
        }
        configuration.mediaDirectory =
            FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-restore-media-\(UUID().uuidString)").path
        configuration.mediaStorage = try TestMedia.storage() ?? .directory
        configuration.instanceID = "restored"
        let restored = try await Application.make(.testing)
        do {
            try await configure(restored, configuration)
            try await body(restored)
        } catch {
            try? await restored.asyncShutdown()
            if case .postgres(let url) = configuration.database { try? await TestDatabase.drop(url) }
            throw error
        }
        try await restored.asyncShutdown()
        if case .postgres(let url) = configuration.database { try await TestDatabase.drop(url) }
    }

    /// Every row of `table` as text, sorted: SQLite quotes each value as SQL would (blobs too),
    /// PostgreSQL writes each row as JSON.
    private func tableRows(_ table: String, _ app: Application) async throws -> [String] {
        let sql = try app.db.sql()
        let rows: [String]
        switch app.databaseKind {
        case .sqlite:
            let columns = try await sql.raw("SELECT name FROM pragma_table_info(\(bind: table))").all(
                decodingColumn: "name", as: String.self)
            let quoted = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
            rows = try await sql.raw("SELECT \(unsafeRaw: quoted) AS row FROM \(ident: table)").all(decodingColumn: "row", as: String.self)
        case .postgresql:
            rows = try await sql.raw("SELECT row_to_json(t)::text AS row FROM \(ident: table) t").all(
                decodingColumn: "row", as: String.self)
        }
        return rows.sorted()
    }

    /// Every media object's key and SHA-256.
    private func digests(_ app: Application) async throws -> [String: String] {
        var digests: [String: String] = [:]
        for object in try await app.media.list(under: MediaKey("")) {
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-digest-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: copy) }
            #expect(try await app.media.download(object.key, to: copy))
            digests[object.key.description] = SHA256.hash(data: try Data(contentsOf: copy)).map { String(format: "%02x", $0) }.joined()
        }
        return digests
    }

    /// The names `tar tf` lists in `archive`.
    private func tarListing(_ archive: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tar")
        process.arguments = ["tf", archive.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let listing = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Copies `archive` to `copy` with its manifest changed by `change`.
    private func rewrite(_ archive: URL, to copy: URL, _ change: (inout BackupManifest) -> Void) throws {
        let reader = try TarReader(reading: archive)
        defer { reader.close() }
        let writer = try TarWriter(creating: copy, modified: testNow)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        for entry in try reader.entries() {
            var data = try reader.data(entry, maximumBytes: 64 << 20)
            if entry.name == BackupManifest.entry {
                var manifest = try decoder.decode(BackupManifest.self, from: data)
                change(&manifest)
                data = try encoder.encode(manifest)
            }
            try writer.add(entry.name, data: data)
        }
        try writer.finish()
    }
}
