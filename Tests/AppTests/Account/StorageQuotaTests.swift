import Fluent
import Foundation
import KineticCore
import NIOCore
import Testing
import VaporTesting

@testable import App

/// Each user's songs and photos stay under their quota; a full disk is a clear 507.
@Suite struct StorageQuotaTests {
    @Test func uploadsPastTheQuota_are507NamingUsageAndQuota_andLeaveNothing() async throws {
        let audio = try await AudioFixtures.clickTrack(bpm: 120)
        try await withKinetic(adjust: { $0.storageQuotaBytes = audio.count * 2 + 1000 }) { app in
            let ann = try await app.signUp(), bob = try await app.signUp()
            for _ in 0..<2 { #expect(try await app.upload(audio, fileName: "a.mp3", token: ann.token).status == .created) }
            let over = try await app.upload(audio, fileName: "a.mp3", token: ann.token)
            #expect(over.status == .insufficientStorage)
            let error = try over.apiError()
            #expect(error["code"] as? String == "quota_exceeded")
            #expect((error["message"] as? String)?.contains(" of ") == true)
            #expect(try await SongRecord.query(on: app.db).count() == 2)
            #expect(app.uploadDirectoryFiles().isEmpty)
            // Another user's quota is their own.
            #expect(try await app.upload(audio, fileName: "b.mp3", token: bob.token).status == .created)

            let photo = try await ImageFixtures.picture(width: 64, height: 64)
            var headers = HTTPHeaders()
            headers.bearerAuthorization = BearerAuthorization(token: ann.token)
            headers.contentType = .jpeg
            let overPhoto = try await app.testing().sendRequest(
                .POST, "/api/v1/wishes/photos", headers: headers, body: ByteBuffer(data: photo))
            #expect(overPhoto.status == .insufficientStorage)
            #expect(app.uploadDirectoryFiles().isEmpty)

            // An administrator's figure for one account wins over the default.
            let user = try #require(try await User.find(UUID(uuidString: ann.customerId), on: app.db))
            user.storageQuotaBytes = Int64(audio.count * 10)
            try await user.save(on: app.db)
            app.signedInTokens.forget(userID: try user.requireID())
            #expect(try await app.upload(audio, fileName: "a.mp3", token: ann.token).status == .created)

            let (web, _) = try await app.signedInWebClient()
            let settings = try await web.get("/settings").body.string
            #expect(settings.contains("of 7 KB used") || settings.contains("used by your songs and photos"))
        }
    }

    /// The error a real full disk gives (writing to /dev/full) is recognised, and answers 507.
    @Test func aFullDisk_isRecognised() throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data(repeating: 1, count: 1 << 16))
            try handle.synchronize()
            Issue.record("/dev/full took the bytes")
        } catch {
            #expect(OutOfSpace.matches(error), "\(error)")
        }
        #expect(!OutOfSpace.matches(CocoaError(.fileNoSuchFile)))
        #expect(StorageQuota.fits(incoming: 10, used: 90, quota: 100))
        #expect(!StorageQuota.fits(incoming: 11, used: 90, quota: 100))
        #expect(!StorageQuota.fits(incoming: Int.max, used: 5, quota: Int.max), "no overflow")
        #expect(!StorageQuota.fits(incoming: -1, used: 0, quota: 100))
    }
}
