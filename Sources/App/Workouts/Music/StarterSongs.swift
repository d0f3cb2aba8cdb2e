import Fluent
import Foundation
import KineticCore
import Vapor

/// The instance's starter songs, which every user's workouts may play beside their own (read
/// only): the eight songs of Debian's `fretsonfire-songs-muldjord` (CC BY-SA 3.0) and
/// `fretsonfire-songs-sectoid` (MIT-style), each song's backing and guitar tracks mixed into one
/// M4A (it plays in every browser) and imported like an upload, tempo detection included. They
/// belong to an account no one can sign in to (``ownerEmail``). Audio is never committed: when
/// the packages are missing the server says how to install them.
enum StarterSongs {
    /// The account that owns the starter songs: a fixed id no account made by sign-up can have,
    /// an address in the reserved `.invalid` domain that Kinetic refuses to anyone
    /// (``EmailAddressSyntax``), a password no one knows.
    static let ownerID = UUID(uuidString: "5A7A7E12-0000-4000-8000-000000000001")!
    static let ownerEmail = "starter-songs" + User.systemAddressSuffix

    /// Where Debian installs the songs: where they are looked for unless
    /// `KINETIC_STARTER_SONGS_DIR` says otherwise (``SongSettings``).
    static let debianDirectory = "/usr/share/games/fretsonfire/data/songs"

    struct Pack {
        let folder: String
        let artist: String
        let genre: String
        let attribution: String
    }

    static let packs = [
        Pack(
            folder: "muldjord", artist: "Muldjord", genre: "Metal",
            attribution: "Muldjord (El Senator, www.muldjord.com) · CC BY-SA 3.0 · Debian package fretsonfire-songs-muldjord"),
        Pack(
            folder: "sectoid", artist: "Sectoid", genre: "Rock",
            attribution: "Carlos Viola Iborra (Sectoid) · MIT licence · Debian package fretsonfire-songs-sectoid"),
    ]

    /// Adds, in the background, the starter songs the instance lacks, so `serve` starts at
    /// once (mixing takes a few seconds a song), then runs `then` (the demo's themes). The
    /// application stops it when it shuts down, between two songs.
    static func prepareInBackground(_ app: Application, then: @escaping @Sendable () async throws -> Void) {
        app.runInBackground {
            do {
                try await addMissingSongs(app)
                try Task.checkCancellation()
                try await then()
                app.logger.notice("Starter songs ready.")
            } catch is CancellationError {
                return
            } catch {
                app.logger.warning("Starter songs were not added: \(String(describing: error))")
            }
        }
    }

    /// The starter songs' owner, made the first time (never an account someone signed up with).
    static func owner(on database: any Database, hasher: some PasswordHasher) async throws -> UUID {
        if try await User.find(ownerID, on: database) != nil { return ownerID }
        let secret = [UInt8].random(count: 32).base64
        let owner = User(id: ownerID, name: "Kinetic starter songs", email: ownerEmail, passwordHash: try hasher.hash(secret))
        try await owner.create(on: database)
        return ownerID
    }

    /// The advisory lock under which one instance adds them: "starters" in ASCII.
    static let lockKey: Int64 = 0x7374_6172_7465_7273

    /// Adds the starter songs the instance lacks; on PostgreSQL one instance at a time, so
    /// instances started together add each song once (the others leave it to the first).
    static func addMissingSongs(_ app: Application) async throws {
        try Task.checkCancellation()
        let added = try await app.onOneInstance(lock: lockKey) { try await addMissingSongsNow(app) }
        if !added { app.logger.notice("Another instance is adding the starter songs.") }
    }

    private static func addMissingSongsNow(_ app: Application) async throws {
        guard let directory = app.kineticConfiguration.starterSongsDirectory else {
            app.logger.notice("No starter songs: KINETIC_STARTER_SONGS_DIR is none.")
            return
        }
        let userID = try await owner(on: app.db, hasher: app.password.sync)
        let folders = packs.flatMap { pack in songFolders(of: pack, in: directory).map { (pack, $0) } }
        guard AudioDecoder.isAvailable, !folders.isEmpty else {
            app.logger.notice(
                "No starter songs: install them with `apt-get install ffmpeg fretsonfire-songs-muldjord fretsonfire-songs-sectoid`, then restart."
            )
            return
        }
        let songs = SongsRepository(database: app.db, userID: userID)
        let present = Set(try await songs.all().compactMap { $0.attribution == nil ? nil : $0.title })
        let missing = folders.filter { !present.contains(title(of: $0.1)) }
        guard !missing.isEmpty else { return }
        app.logger.notice("Adding \(missing.count) demo songs in the background…")
        let configuration = app.kineticConfiguration
        let importer = app.songImporter(for: userID)
        for (pack, folder) in missing {
            try Task.checkCancellation()
            let mixed = URL(fileURLWithPath: configuration.uploadDirectory).appendingPathComponent(
                "upload-starter-\(UUID().uuidString).m4a")
            try await app.tools(for: .user(userID)).run { try await mix(folder, into: mixed) }
            var upload = SongImporter.Upload(file: mixed, fileName: nil, attribution: pack.attribution)
            upload.title = title(of: folder)
            upload.artist = pack.artist
            upload.genre = pack.genre
            _ = try await importer.importSong(upload, at: app.userCalendar.now)
        }
    }

    /// The pack's song folders (each with `song.ogg`), by name.
    static func songFolders(of pack: Pack, in songsDirectory: String) -> [URL] {
        let directory = URL(fileURLWithPath: songsDirectory).appendingPathComponent(pack.folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("song.ogg").path) }
    }

    /// The `name` in the folder's `song.ini`, else the folder's name.
    static func title(of folder: URL) -> String {
        let ini = (try? String(contentsOf: folder.appendingPathComponent("song.ini"), encoding: .utf8)) ?? ""
        for line in ini.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == "name", !parts[1].isEmpty { return parts[1] }
        }
        return folder.lastPathComponent
    }

    /// The backing and guitar tracks summed, as AAC in an M4A.
    private static func mix(_ folder: URL, into output: URL) async throws {
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        var inputs = ["-i", folder.appendingPathComponent("song.ogg").path]
        let guitar = folder.appendingPathComponent("guitar.ogg")
        let hasGuitar = FileManager.default.fileExists(atPath: guitar.path)
        if hasGuitar { inputs += ["-i", guitar.path] }
        // amix averages the tracks: summing them clips, and clipped transients mislead the
        // tempo detector (Armygeddon reads 113.7 instead of 169.8).
        let filter = hasGuitar ? ["-filter_complex", "amix=inputs=2:duration=longest"] : []
        _ = try await ToolProcess.run(
            AudioDecoder.ffmpeg,
            ["-nostdin", "-v", "error", "-y"] + inputs + filter
                + ["-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", "-f", "ipod", output.path], timeout: 120)
    }
}
