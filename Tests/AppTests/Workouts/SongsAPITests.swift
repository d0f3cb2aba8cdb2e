import Fluent
import Foundation
import KineticAPI
import KineticCore
import NIOCore
import Testing
import VaporTesting

@testable import App

/// Uploading, reading, correcting, serving and removing songs.
@Suite struct SongsAPITests {
    @Test func anUpload_readsItsTagsAndTempo_andKeepsTheFileUnderAGeneratedName() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let audio = try await AudioFixtures.clickTrack(bpm: 128, title: "Steady Beat", artist: "Click Band", genre: "Electronic")
            let response = try await app.upload(audio, fileName: "../../etc/passwd.mp3", token: account.token)
            #expect(response.status == .created)
            let song = try response.decoded(as: Components.Schemas.Song.self)
            #expect(song.title == "Steady Beat")
            #expect(song.artist == "Click Band")
            #expect(song.genre == "Electronic")
            #expect(song.format == .mp3)
            #expect(abs(song.seconds - 20) < 0.2)
            let bpm = try #require(song.bpm)
            #expect(abs(bpm - 128) / 128 < 0.02, "detected \(bpm)")
            #expect(song.detectedBpm == bpm)
            #expect((1...3).contains(song.bpmCandidates.count))
            let id = song.id
            #expect(song.audioUrl == "/api/v1/songs/\(id)/audio")
            #expect(response.headers.first(name: .location) == "/api/v1/songs/\(id)")
            #expect(try await app.storedSongFiles() == ["\(id.lowercased()).mp3"])
            #expect(app.uploadDirectoryFiles().isEmpty)
            let list = try await app.json(.GET, "/api/v1/songs", token: account.token)
            #expect(try list.decoded(as: [Components.Schemas.Song].self).map(\.id) == [id])
        }
    }

    /// A song's silent tail is not played: the soundtrack sees the song as long as its sound.
    @Test func aSilentTail_isLeftOutOfWhatWorkoutsPlay() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let audio = try await AudioFixtures.clickTrack(bpm: 120, seconds: 20, silentTail: 3)
            let response = try await app.upload(audio, fileName: "tail.mp3", token: account.token)
            try #require(response.status == .created, "\(response.body.string)")
            let id = try #require(UUID(uuidString: try response.decoded(as: Components.Schemas.Song.self).id))
            let song = try #require(try await SongRecord.find(id, on: app.db))
            let end = try #require(song.audibleEnd)
            #expect(end > 16.4 && end < 17.15, "20 s with the last 3 silent ends at \(end)")
            #expect(try song.librarySong().seconds == end)
            #expect(abs(song.seconds - 20) < 0.2, "the file's own length is kept")
        }
    }

    /// A song longer than the tempo reads has its end decoded again for it (the tempo's
    /// samples stop at five minutes).
    @Test func theEndOfALongSong_isReadOnItsOwn() async throws {
        try await withKinetic { app in
            let audio = try await AudioFixtures.clickTrack(bpm: 120, seconds: 305, silentTail: 4)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-long-\(UUID().uuidString).mp3")
            try audio.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let end = try #require(
                try await SongImporter.audibleEnd(of: file, seconds: 305, samples: [], tools: app.tools(for: .server("test"))))
            #expect(end > 300.4 && end < 301.15, "305 s with the last 4 silent ends at \(end)")
        }
    }

    /// The instance's starter songs are every user's to play and listen to, and no user's to
    /// change: they list with `starter`, stream, and refuse edits and removal with 404.
    @Test func starterSongs_playForEveryone_andOnlyTheirOwnerChangesThem() async throws {
        try await withKinetic { app in
            let uploader = try await app.signUp(), listener = try await app.signUp()
            let id = try await app.uploadSong(bpm: 120, title: "Starter", token: uploader.token)
            let owner = try await StarterSongs.owner(on: app.db, hasher: app.password.sync)
            #expect(try await StarterSongs.owner(on: app.db, hasher: app.password.sync) == owner, "made once")
            let songID = try #require(UUID(uuidString: id))
            try await SongRecord.query(on: app.db).set(\.$user.$id, to: owner).filter(\.$id == songID).update()
            let listed = try await app.json(.GET, "/api/v1/songs", token: listener.token).decoded(as: [Components.Schemas.Song].self)
            #expect(listed.count == 1 && listed.first?.id == id && listed.first?.starter == true)
            #expect(try await app.json(.GET, "/api/v1/songs/\(id)/audio", token: listener.token).status == .ok)
            #expect(try await app.json(.PATCH, "/api/v1/songs/\(id)", body: ["bpm": 100], token: listener.token).status == .notFound)
            #expect(try await app.json(.DELETE, "/api/v1/songs/\(id)", token: listener.token).status == .notFound)
            let login = try await app.json(
                .POST, "/api/v1/login", body: ["email": StarterSongs.ownerEmail, "password": "password-1234"])
            #expect(login.status == .unauthorized, "no one signs in as the starter songs' owner")
            // A workout of the listener's plays it.
            let workout = try await app.json(
                .POST, "/api/v1/workouts/generate",
                body: ["categories": ["plyometrics"], "equipment": ["other"], "difficulty": "beginner", "duration": 10],
                token: listener.token
            ).decoded(as: Components.Schemas.Workout.self)
            let songs = workout.exercises.flatMap { $0.music }.compactMap { $0.song?.id }
            #expect(songs.contains(id))
        }
    }

    @Test func withoutATitleTag_theFilesNameIsTheTitle() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let named = try await app.upload(
                try await AudioFixtures.clickTrack(bpm: 100, format: "ogg"), fileName: "C:\\Music\\Morning Run.ogg", token: account.token)
            #expect(named.status == .created)
            let namedSong = try named.decoded(as: Components.Schemas.Song.self)
            #expect(namedSong.title == "Morning Run")
            #expect(namedSong.format == .ogg)
            let unnamed = try await app.upload(
                try await AudioFixtures.clickTrack(bpm: 100, format: "flac"), fileName: nil, token: account.token)
            #expect(unnamed.status == .created)
            // Raw on purpose: `title` is sent as null, not left out; the decoded optional reads both as nil.
            #expect(try unnamed.jsonObject()["title"] is NSNull)
        }
    }

    @Test func badUploads_getAClear422_andLeaveNothing() async throws {
        try await withKinetic(adjust: { $0.maximumSongBytes = 8 << 20 }) { app in
            let account = try await app.signUp()
            let text = Data("title,artist\nMorning Run,Someone\n".utf8)
            let garbage = Data("ID3".utf8) + Data(repeating: 0x41, count: 4_000)
            let tenHours = try await AudioFixtures.tenHours()
            let cases: [(name: String, data: Data, message: String)] = [
                ("a renamed text file", text, "not a song Kinetic can play"),
                ("an ID3 header on junk", garbage, "not a song Kinetic can play"),
                ("a ten-hour file", tenHours, "longer than 20 minutes"),
                ("a one-second file", try await AudioFixtures.clickTrack(bpm: 120, seconds: 1), "shorter than 5 seconds"),
            ]
            for (name, data, message) in cases {
                let response = try await app.upload(data, fileName: "song.mp3", token: account.token)
                #expect(response.status == .unprocessableEntity, "\(name)")
                let error = try response.decoded(as: Components.Schemas.ErrorResponse.self).error
                #expect(error.code == "invalid_song", "\(name)")
                #expect(error.message.contains(message), "\(name): \(error)")
            }
            let oversized = try await app.upload(Data(repeating: 0, count: 9 << 20), fileName: "big.wav", token: account.token)
            #expect(oversized.status == .payloadTooLarge)
            #expect(try await app.json(.GET, "/api/v1/songs", token: account.token).decoded(as: [Components.Schemas.Song].self).isEmpty)
            #expect(try await app.storedSongFiles().isEmpty)
            #expect(app.uploadDirectoryFiles().isEmpty)
            #expect(try await app.upload(text, fileName: "x.mp3", token: nil).status == .unauthorized)
        }
    }

    /// A song whose decoding outlasts its budget is too costly to read: 422 `file_too_costly`,
    /// and its sender waits a minute before the next (429 `cooling_down`), rather than send it
    /// again for another full budget. Nothing is left behind.
    @Test func aSongPastItsDecodingBudget_isTooCostly_andItsSenderCoolsDown() async throws {
        let instant = SongFileCheck.Limits(decodingSecondsPerMinute: 0, minimumDecodingSeconds: 0.001)
        try await withKinetic(adjust: { $0.songLimits = instant }) { app in
            let account = try await app.signUp()
            let audio = try await AudioFixtures.clickTrack(bpm: 120, seconds: 20)
            let costly = try await app.upload(audio, fileName: "song.mp3", token: account.token)
            #expect(costly.status == .unprocessableEntity, "\(costly.body.string)")
            #expect(try costly.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "file_too_costly")
            let next = try await app.upload(audio, fileName: "song.mp3", token: account.token)
            #expect(next.status == .tooManyRequests)
            #expect(try next.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "cooling_down")
            #expect(next.headers.first(name: .retryAfter) == "60")
            #expect(try await app.storedSongFiles().isEmpty)
            #expect(app.uploadDirectoryFiles().isEmpty)
        }
    }

    @Test func theTempo_canBeCorrected_andReset_andTagsEdited() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let id = try await app.uploadSong(bpm: 128, token: account.token)
            let halved = try await app.json(.PATCH, "/api/v1/songs/\(id)", body: ["bpm": 64, "genre": " Techno "], token: account.token)
            #expect(halved.status == .ok)
            let song = try halved.decoded(as: Components.Schemas.Song.self)
            #expect(song.bpm == 64)
            #expect(song.correctedBpm == 64)
            #expect(abs((song.detectedBpm ?? 0) - 128) < 3)
            #expect(song.genre == "Techno")
            let reset = try await app.json(.PATCH, "/api/v1/songs/\(id)", rawBody: #"{"bpm": null}"#, token: account.token)
            // Raw on purpose: `correctedBpm` is sent as null, not left out; the decoded optional reads both as nil.
            #expect(try reset.jsonObject()["correctedBpm"] is NSNull)
            let bad = try await app.json(.PATCH, "/api/v1/songs/\(id)", body: ["bpm": 300, "title": 5, "tempo": 1], token: account.token)
            #expect(bad.status == .unprocessableEntity)
            #expect(
                try bad.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties == [
                    "bpm": "Enter a tempo from 40 to 250 BPM.", "title": "This must be text.", "tempo": "Kinetic does not know this field.",
                ])
        }
    }

    @Test func theAudio_isServedWithRanges_onlyToItsOwner() async throws {
        try await withKinetic { app in
            let owner = try await app.signUp(), other = try await app.signUp()
            let audio = try await AudioFixtures.clickTrack(bpm: 120)
            let id = try await app.upload(audio, fileName: "a.mp3", token: owner.token).decoded(as: Components.Schemas.Song.self).id
            let whole = try await app.json(.GET, "/api/v1/songs/\(id)/audio", token: owner.token)
            #expect(whole.status == .ok)
            #expect(whole.headers.contentType?.description.hasPrefix("audio/mpeg") == true)
            #expect(whole.body.readableBytes == audio.count)
            #expect(whole.headers.first(name: "Accept-Ranges") == "bytes")
            #expect(
                whole.headers.first(name: .cacheControl) == "private, max-age=31536000, immutable",
                "a song keeps its own caching, not the API's")
            let part = try await app.json(.GET, "/api/v1/songs/\(id)/audio", token: owner.token, headers: ["Range": "bytes=100-199"])
            #expect(part.status == .partialContent)
            #expect(part.body.readableBytes == 100)
            #expect(Data(part.body.readableBytesView) == audio[100..<200])
            #expect(part.headers.first(name: "Content-Range") == "bytes 100-199/\(audio.count)")
            for (method, path) in [(HTTPMethod.GET, "/audio"), (.PATCH, ""), (.DELETE, "")] {
                let response = try await app.json(
                    method, "/api/v1/songs/\(id)\(path)", body: method == .PATCH ? ["bpm": 90] : nil, token: other.token)
                #expect(response.status == .notFound, "\(method) \(path)")
            }
            #expect(try await app.json(.GET, "/api/v1/songs", token: other.token).decoded(as: [Components.Schemas.Song].self).isEmpty)
            #expect(try await app.json(.GET, "/api/v1/songs/\(id)/audio", token: nil).status == .unauthorized)
            #expect(try await app.json(.GET, "/api/v1/songs/not-a-uuid/audio", token: owner.token).status == .notFound)
        }
    }

    /// The audit: a 440 Hz sine was "Detected: 112.1 BPM" and played as a 112-BPM song. A file
    /// without a clear beat has no tempo, says so, and never plays at one unless given one.
    @Test func aSongWithoutABeat_hasNoTempo_andNeverPlaysAtOne() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let response = try await app.upload(try await AudioFixtures.heldTone(), fileName: "tone.mp3", token: account.token)
            #expect(response.status == .created, "\(response.body.string)")
            let song = try response.decoded(as: Components.Schemas.Song.self)
            #expect(song.detectedBpm == nil && song.bpm == nil && song.bpmCandidates.isEmpty, "\(response.body.string)")
            let page = try await web.get("/workouts/music").body.string
            #expect(page.contains("No clear beat") && page.contains("heard no clear beat"))
            let theme = try await app.json(
                .POST, "/api/v1/themes", body: ["name": "Tone", "kind": "song", "value": song.id, "workouts": 5], token: account.token
            ).decoded(as: Components.Schemas.MusicTheme.self)
            let workout = try await app.json(
                .POST, "/api/v1/workouts/generate",
                body: ["categories": ["plyometrics"], "difficulty": "beginner", "duration": 10, "themes": [theme.id]], token: account.token
            ).decoded(as: Components.Schemas.Workout.self)
            let timed = workout.exercises.filter { $0.targetBpm != nil }
            #expect(!timed.isEmpty && timed.allSatisfy { step in step.music.allSatisfy { $0.song == nil } }, "a click track keeps the beat")
        }
    }

    @Test func removingASong_removesItsFileAndTheThemesNamingIt() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let id = try await app.uploadSong(bpm: 120, token: account.token)
            let theme = try await app.json(
                .POST, "/api/v1/themes", body: ["name": "That one", "kind": "song", "value": id, "workouts": 3], token: account.token)
            #expect(theme.status == .created)
            #expect(try await app.json(.DELETE, "/api/v1/songs/\(id)", token: account.token).status == .noContent)
            #expect(try await app.storedSongFiles().isEmpty)
            #expect(
                try await app.json(.GET, "/api/v1/themes", token: account.token).decoded(as: [Components.Schemas.MusicTheme].self).isEmpty)
            #expect(try await app.json(.GET, "/api/v1/songs/\(id)/audio", token: account.token).status == .notFound)
        }
    }
}

extension Application {
    /// Posts `data` as a song upload.
    func upload(_ data: Data, fileName: String?, token: String?) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "application", subType: "octet-stream")
        if let token { headers.bearerAuthorization = BearerAuthorization(token: token) }
        let query = fileName.map { "?filename=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") } ?? ""
        return try await testing().sendRequest(.POST, "/api/v1/songs" + query, headers: headers, body: ByteBuffer(data: data))
    }

    /// Uploads a click track at `bpm` and answers its id.
    func uploadSong(
        bpm: Double, seconds: Int = 20, title: String? = nil, artist: String? = nil, genre: String? = nil, token: String
    ) async throws -> String {
        let audio = try await AudioFixtures.clickTrack(bpm: bpm, seconds: seconds, title: title, artist: artist, genre: genre)
        let response = try await upload(audio, fileName: "song.mp3", token: token)
        try #require(response.status == .created, "\(response.body.string)")
        return try response.decoded(as: Components.Schemas.Song.self).id
    }

    /// The names of the song files in the media store.
    func storedSongFiles() async throws -> [String] {
        try await media.list(under: MediaKey("songs/")).map { String($0.key.description.dropFirst("songs/".count)) }
    }

    func uploadDirectoryFiles() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: kineticConfiguration.uploadDirectory)) ?? []
    }
}

extension TestingHTTPResponse {
    /// The body parsed as a JSON array of objects.
    func jsonArray() throws -> [[String: Any]] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [[String: Any]], "not a JSON array: \(body.string)")
    }
}

/// A song upload is a job (`song.import`) that whichever instance is free analyses: the API
/// waits for it a while, else answers 202 with the job to follow.
@Suite struct SongImportJobTests {
    @Test func anUpload_isAnalysedByAJob_andLeavesNothingWaitingBehind() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let audio = try await AudioFixtures.clickTrack(bpm: 120, title: "Job Beat")
            let response = try await app.upload(audio, fileName: "job.mp3", token: account.token)
            #expect(response.status == .created)
            let song = try response.decoded(as: Components.Schemas.Song.self)
            let jobs = try await JobRecord.query(on: app.db).filter(\.$kind == SongImportJob.kind).all()
            #expect(jobs.map(\.state) == [.completed])
            #expect(jobs.first?.owner == account.customerId.lowercased())
            #expect(jobs.first?.attemptedBy == app.kineticConfiguration.instanceID)
            #expect(jobs.first?.result?.lowercased().contains(song.id.lowercased()) == true)
            #expect(try await app.media.list(under: MediaKey("incoming/")).isEmpty)

            let refused = try await app.upload(Data("just words".utf8), fileName: "notes.mp3", token: account.token)
            #expect(refused.status == .unprocessableEntity)
            #expect(try refused.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "invalid_song")
            #expect(try await JobRecord.query(on: app.db).filter(\.$state == .discarded).count() == 1)
            #expect(try await app.media.list(under: MediaKey("incoming/")).isEmpty)
        }
    }

    @Test func anUploadNotDoneInTime_answers202_andItsJobIsFollowedToTheSong() async throws {
        try await withKinetic(adjust: { $0.songUploadWait = 0 }) { app in
            let ann = try await app.signUp()
            let audio = try await AudioFixtures.clickTrack(bpm: 126, title: "Later Beat")
            let response = try await app.upload(audio, fileName: "later.mp3", token: ann.token)
            #expect(response.status == .accepted)
            let job = try response.decoded(as: Components.Schemas.Job.self)
            #expect(job.kind == SongImportJob.kind)
            #expect(response.headers.first(name: .location) == "/api/v1/jobs/\(job.id)")
            #expect(response.headers.first(name: .retryAfter) == "2")

            _ = try await app.waitForJob(try #require(UUID(uuidString: job.id)), upTo: 60)
            let followed = try await app.json(.GET, "/api/v1/jobs/\(job.id)", token: ann.token).decoded(as: Components.Schemas.Job.self)
            #expect(followed.state == .completed)
            #expect(followed.attempt == 1)
            #expect(followed.finishedAt != nil)
            #expect(followed.error == nil)
            let songID = try #require(followed.result?.additionalProperties.value["songId"] as? String)
            let songs = try await app.json(.GET, "/api/v1/songs", token: ann.token).decoded(as: [Components.Schemas.Song].self)
            #expect(songs.filter { !$0.starter }.map { $0.id.lowercased() } == [songID.lowercased()])

            // Another account never sees it.
            let ben = try await app.signUp()
            #expect(try await app.json(.GET, "/api/v1/jobs/\(job.id)", token: ben.token).status == .notFound)
            #expect(try await app.json(.GET, "/api/v1/jobs/not-a-uuid", token: ann.token).status == .notFound)
        }
    }

    @Test func fourUploadsWaitingAlready_refuseTheFifthBeforeItIsRead() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            for _ in 0..<JobClient.maximumWaitingPerOwner {
                try await app.jobs.queue.enqueue(
                    "test.later", owner: account.customerId.lowercased(), payload: ["x": 1], at: testNow.addingTimeInterval(3600),
                    now: testNow)
            }
            let audio = try await AudioFixtures.clickTrack(bpm: 120)
            let refused = try await app.upload(audio, fileName: "fifth.mp3", token: account.token)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers.first(name: .retryAfter) != nil)
            #expect(try refused.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "busy")
            #expect(try await app.storedSongFiles().isEmpty)
            #expect(app.uploadDirectoryFiles().isEmpty)
            // Another account is not held up by it.
            let other = try await app.signUp()
            #expect(try await app.upload(audio, fileName: "mine.mp3", token: other.token).status == .created)
        }
    }
}
