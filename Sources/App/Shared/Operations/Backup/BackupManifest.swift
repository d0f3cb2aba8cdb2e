import Foundation
import KineticCore

/// What a backup archive holds, its first entry (`manifest.json`): the schema version it was
/// made at, which database wrote it and in which form, and when. Its last entry
/// (`contents.json`, ``BackupContents``) says how many media objects came after the database, so
/// a cut-short archive is found before anything is restored.
struct BackupManifest: Codable, Equatable, Sendable {
    /// The archive's own layout; a later one is refused.
    static let currentFormat = 1
    static let entry = "manifest.json"

    enum DatabaseKind: String, Codable, Sendable {
        case sqlite, postgresql
    }

    /// How the database is kept in the archive.
    enum DatabaseFormat: String, Codable, Sendable {
        /// A SQLite file (`VACUUM INTO`), `database.sqlite`.
        case sqliteFile
        /// A `pg_dump` custom-format dump, `database.pgdump`.
        case pgDump
        /// Each table's rows as JSON lines under `database/` (``PostgresLogicalExport``), where
        /// `pg_dump` is not installed.
        case postgresRows
    }

    var format = Self.currentFormat
    var createdAt: Date
    var schema: SchemaVersion
    var database: DatabaseKind
    var databaseFormat: DatabaseFormat
    /// The database's entry (its folder's prefix for ``DatabaseFormat/postgresRows``).
    var databaseEntry: String {
        switch databaseFormat {
        case .sqliteFile: "database.sqlite"
        case .pgDump: "database.pgdump"
        case .postgresRows: PostgresLogicalExport.folder
        }
    }

    /// The entry of the media object `key`.
    static func entry(for key: MediaKey) -> String { "media/\(key)" }
}

/// The archive's last entry: what came before it.
struct BackupContents: Codable, Equatable, Sendable {
    static let entry = "contents.json"

    var mediaObjects: Int
    var mediaBytes: Int64
}

/// Why a backup or a restore stopped; each says what to do.
enum BackupError: Error, Equatable, CustomStringConvertible {
    case notMigrated([String])
    case newerDatabase([String])
    case otherSchema(onlyInArchive: [String], onlyHere: [String])
    case otherDatabase(archive: BackupManifest.DatabaseKind, here: BackupManifest.DatabaseKind)
    case databaseNotEmpty(String)
    case mediaNotEmpty(Int)
    case notAnArchive(String)
    case laterFormat(Int)
    case unusableDatabaseURL
    case toolMissing(String)
    case toolFailed(String, String)

    var description: String {
        switch self {
        case .notMigrated(let pending):
            "The database is not up to date (\(pending.count) migrations to run): run `kinetic migrate` first."
        case .newerDatabase(let unknown):
            "The database was migrated by a newer Kinetic (\(unknown.joined(separator: ", "))): back it up with that version."
        case .otherSchema(let newer, let older):
            newer.isEmpty
                ? "The archive was made by an older Kinetic (it lacks \(older.joined(separator: ", "))): restore it with that version, then upgrade."
                : "The archive was made by a newer Kinetic (it has \(newer.joined(separator: ", "))): restore it with that version."
        case .otherDatabase(let archive, let here):
            "The archive holds a \(archive.rawValue) database and this Kinetic is configured for \(here.rawValue): restore it into the same kind."
        case .databaseNotEmpty(let what):
            "The database is not empty (\(what)): restore into a new, empty database."
        case .mediaNotEmpty(let count):
            "The media store already holds \(count) objects: restore into an empty directory or bucket."
        case .notAnArchive(let why):
            "This is not a Kinetic backup: \(why)."
        case .laterFormat(let format):
            "The archive's format (\(format)) is newer than this Kinetic reads (\(BackupManifest.currentFormat)): restore it with the version that made it."
        case .unusableDatabaseURL:
            "DATABASE_URL is not a postgres:// address with a host."
        case .toolMissing(let tool):
            "\(tool) is not installed: install Debian's postgresql-client (the server's major version or newer)."
        case .toolFailed(let tool, let said):
            "\(tool) failed: \(said)"
        }
    }
}
