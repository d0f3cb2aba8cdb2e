import Foundation
import Vapor

/// `kinetic backup <file>`: one consistent archive of the instance (``Application/backup(to:)``).
struct BackupCommand: AsyncCommand, KineticCommand {
    struct Signature: CommandSignature {
        @Argument(name: "file", help: "Where to write the archive (a tar file)")
        var file: String
    }

    static let about = CommandHelp(
        name: "backup",
        summary: "Writes one archive of the database and every media object, with the schema version it was made at.",
        usage: "kinetic backup <file>",
        environment: [
            ("DATABASE_URL", "the PostgreSQL database to dump with pg_dump (postgresql-client); SQLite otherwise"),
            ("KINETIC_MEDIA_URL", "the bucket whose objects go in; the media directory otherwise"),
        ])

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let file = URL(fileURLWithPath: signature.file)
        let started = ContinuousClock.now // how long it took: real time by nature
        let contents = try await context.application.backup(to: file)
        let bytes = ByteCountFormatter.string(fromByteCount: contents.mediaBytes, countStyle: .file)
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        context.console.print(
            "Wrote \(file.path): the database and \(contents.mediaObjects) media objects (\(bytes)) in \(String(format: "%.1f", seconds)) s."
        )
    }
}

/// `kinetic restore <file>`: an archive back into an empty database and media store
/// (``Application/restore(from:)``).
struct RestoreCommand: AsyncCommand, KineticCommand {
    struct Signature: CommandSignature {
        @Argument(name: "file", help: "The archive `kinetic backup` wrote")
        var file: String
    }

    static let about = CommandHelp(
        name: "restore",
        summary: "Restores an archive of `kinetic backup` into an empty database and media store, made by this very schema version.",
        usage: "kinetic restore <file>",
        environment: [
            ("DATABASE_URL", "the empty PostgreSQL database to restore into with pg_restore; SQLite otherwise"),
            ("KINETIC_MEDIA_URL", "the empty bucket to restore the media into; the media directory otherwise"),
        ])

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let file = URL(fileURLWithPath: signature.file)
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            throw BackupError.notAnArchive("\(file.path) cannot be read")
        }
        let contents = try await context.application.restore(from: file)
        context.console.print("Restored the database and \(contents.mediaObjects) media objects from \(file.path).")
    }
}
