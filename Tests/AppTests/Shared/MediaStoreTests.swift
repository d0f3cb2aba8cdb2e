import AsyncHTTPClient
import Foundation
import KineticAPI
import ObjectStorage
import Testing
import VaporTesting

@testable import App

/// Both media stores keep, read, list and remove the same way; an app configured with a bucket
/// keeps a song there (not on its disk) and serves it with ranges from there.
@Suite struct MediaStoreTests {
    enum Kind: String, CaseIterable { case directory, s3 }

    /// Runs `body` with a fresh store of `kind`.
    private func withStore(_ kind: Kind, _ body: (any MediaStore) async throws -> Void) async throws {
        switch kind {
        case .directory:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            try await body(LocalMediaStore(directory: directory))
        case .s3:
            let peer = try S3Peer()
            let http = HTTPClient(eventLoopGroupProvider: .singleton)
            do {
                try await body(S3MediaStore(client: try peer.client(http: http, prefix: "kinetic")))
            } catch {
                try await http.shutdown()
                throw error
            }
            try await http.shutdown()
        }
    }

    private func file(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test(arguments: Kind.allCases)
    func aStore_keepsReadsListsAndRemoves(_ kind: Kind) async throws {
        try await withStore(kind) { store in
            try await store.checkReachable()
            let upload = try file("%PDF-1.7 first")
            try await store.keep(upload, as: MediaKey("reports/r1/report.pdf"), contentType: "application/pdf")
            #expect(!FileManager.default.fileExists(atPath: upload.path), "a kept file is taken")
            try await store.keep(try file("%PDF-1.7 second"), as: MediaKey("reports/r1/report.pdf"), contentType: "application/pdf")
            try await store.write(Data("page".utf8), as: MediaKey("reports/r1/page-1.jpg"), contentType: "image/jpeg")
            try await store.write(Data("other".utf8), as: MediaKey("reports/r2/page-1.jpg"), contentType: "image/jpeg")
            try await store.write(Data("song".utf8), as: MediaKey("songs/a.mp3"), contentType: "audio/mpeg")

            #expect(try await store.data(MediaKey("reports/r1/report.pdf"), maximumBytes: 100) == Data("%PDF-1.7 second".utf8))
            await #expect(throws: MediaTooLarge.self) { try await store.data(MediaKey("reports/r1/report.pdf"), maximumBytes: 5) }
            #expect(try await store.data(MediaKey("reports/r9/report.pdf"), maximumBytes: 100) == nil)
            #expect(try await store.exists(MediaKey("songs/a.mp3")))
            #expect(try await !store.exists(MediaKey("songs/b.mp3")))

            let listed = try await store.list(under: MediaKey("reports/"))
            #expect(listed.map(\.key.description) == ["reports/r1/page-1.jpg", "reports/r1/report.pdf", "reports/r2/page-1.jpg"])
            #expect(listed.map(\.size) == [4, 15, 5])
            #expect(try await store.list(under: MediaKey("")).count == 4)

            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: copy) }
            #expect(try await store.download(MediaKey("songs/a.mp3"), to: copy))
            #expect(try Data(contentsOf: copy) == Data("song".utf8))
            #expect(try await !store.download(MediaKey("songs/none.mp3"), to: copy))

            try await store.removeAll(under: MediaKey("reports/r1/"))
            try await store.remove(MediaKey("songs/a.mp3"))
            try await store.remove(MediaKey("songs/a.mp3"))
            #expect(try await store.list(under: MediaKey("")).map(\.key.description) == ["reports/r2/page-1.jpg"])
        }
    }

    @Test func keys_nameOnlyPlacesInsideTheStore() throws {
        for good in ["", "songs/", "songs/3f2a.mp3", "reports/r-1_2/page-10.jpg", "wishes/cards/birthday-2.png"] {
            #expect(throws: Never.self, "\(good)") { try MediaKey(good) }
        }
        for bad in [
            "/songs/a.mp3", "songs//a.mp3", "../a", "songs/../../etc/passwd", ".hidden/a", "songs/.arriving-1", "a b.mp3", "ü.mp3", "/",
        ] {
            #expect(throws: MediaKey.Invalid.self, "\(bad)") { try MediaKey(bad) }
        }
    }

    @Test func anAppWithABucket_keepsSongsThere_andServesTheirRangesFromIt() async throws {
        let peer = try S3Peer()
        let media = try S3Location(url: peer.mediaURL(prefix: "site"))
        try await withKinetic(adjust: {
            $0.mediaStorage = .s3(media, SignatureV4.Credentials(accessKeyID: "test", secretAccessKey: "test"))
        }) { app in
            let account = try await app.signUp()
            let audio = try await AudioFixtures.clickTrack(bpm: 120, title: "Bucket Beat")
            let uploaded = try await app.upload(audio, fileName: "bucket.mp3", token: account.token)
            #expect(uploaded.status == .created)
            let id = try uploaded.decoded(as: Components.Schemas.Song.self).id

            let http = HTTPClient(eventLoopGroupProvider: .singleton)
            let bucket = try await (try peer.client(http: http)).listObjects(prefix: "")
            try await http.shutdown()
            #expect(bucket.map(\.key) == ["site/songs/\(id.lowercased()).mp3"])
            #expect(bucket.first?.size == Int64(audio.count))
            #expect(!FileManager.default.fileExists(atPath: app.kineticConfiguration.mediaDirectory + "/songs"))

            let part = try await app.json(.GET, "/api/v1/songs/\(id)/audio", token: account.token, headers: ["Range": "bytes=100-199"])
            #expect(part.status == .partialContent)
            #expect(part.headers.first(name: "Content-Range") == "bytes 100-199/\(audio.count)")
            #expect(part.headers.first(name: "Content-Type") == "audio/mpeg")
            #expect(Data(buffer: part.body) == audio[100..<200])
            let whole = try await app.json(.GET, "/api/v1/songs/\(id)/audio", token: account.token)
            #expect(Data(buffer: whole.body) == audio)

            #expect(try await app.json(.DELETE, "/api/v1/songs/\(id)", token: account.token).status == .noContent)
            #expect(try await app.media.list(under: MediaKey("songs/")).isEmpty)
        }
    }
}
