import Foundation
import KineticAPI
import KineticCore
import NIOCore
import Testing
import VaporTesting

@testable import App

@Suite struct WishPhotosAPITests {
    private func upload(_ app: Application, _ data: Data, token: String) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.bearerAuthorization = BearerAuthorization(token: token)
        headers.contentType = .jpeg
        return try await app.testing().sendRequest(.POST, "/api/v1/wishes/photos", headers: headers, body: ByteBuffer(data: data))
    }

    /// The audit's "scan bomb": a JPEG of a megabyte whose last scan is repeated thousands of
    /// times held a decoder for a minute. One of more scans than a photo has is refused from its
    /// bytes, before any decoding, and leaves nothing behind.
    @Test func aJPEGOfThousandsOfScans_isRefusedBeforeItIsDecoded() async throws {
        let photo = [UInt8](try await ImageFixtures.picture(width: 64, height: 48))
        let scanStart = try #require((0..<(photo.count - 1)).last { photo[$0] == 0xFF && photo[$0 + 1] == 0xDA })
        let scan = photo[scanStart..<(photo.count - 2)]
        let bomb = Array(photo[..<scanStart]) + Array(repeating: scan, count: 500).flatMap { $0 } + [0xFF, 0xD9]
        try await withKinetic { app in
            let ann = try await app.signUp()
            let refused = try await upload(app, Data(bomb), token: ann.token)
            #expect(refused.status == .unprocessableEntity)
            let error = try refused.decoded(as: Components.Schemas.ErrorResponse.self).error
            #expect(error.code == "invalid_photo")
            #expect(error.message.contains("101 passes"), "\(error.message)")
            #expect(try await upload(app, Data(photo), token: ann.token).status == .created, "no cool-down for a file refused unread")
        }
    }

    @Test func aPhonePhoto_isKeptUpright_scaledDown_andWithoutItsMetadata() async throws {
        let photo = try await ImageFixtures.phoneJPEG(width: 3000, height: 2000, orientation: 6)
        try await withKinetic { app in
            let ann = try await app.signUp()
            let response = try await upload(app, photo, token: ann.token)
            #expect(response.status == .created)
            let kept = try response.decoded(as: Components.Schemas.WishPhoto.self)
            let id = kept.id
            #expect(id.hasPrefix("upload:"))
            // Turned upright: the portrait the phone meant, 2048 on its longer side.
            #expect(kept.width == 1365 && kept.height == 2048)
            #expect(kept.mediaType == .imageJpeg)
            let url = kept.url
            #expect(response.headers.first(name: .location) == url)

            let file = try await app.json(.GET, url, token: ann.token)
            #expect(file.status == .ok)
            let stored = [UInt8](file.body.readableBytesView)
            let header = try #require(try? WishPhotoCheck.check(header: stored).get())
            #expect(header.width == 1365 && header.height == 2048 && header.orientation == 1)
            let text = String(decoding: stored, as: UTF8.self)
            #expect(!text.contains("SecretCam") && !text.contains("52.5200") && !text.contains("Exif"))

            // Another user cannot see it, nor use it in a wish.
            let eve = try await app.signUp()
            #expect(try await app.json(.GET, url, token: eve.token).status == .notFound)
        }
    }

    @Test func whatIsNotAPhotoOfAFairSize_isRefused_andNothingIsKept() async throws {
        let tiny = try await ImageFixtures.picture(width: 16, height: 16, codec: "png")
        // A PNG header claiming 100,000 × 100,000 pixels: refused before anything decodes it.
        var bomb = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8))
        bomb += Data([0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 6, 0, 0, 0]) + Data(count: 100)
        // A JPEG's first bytes and then nothing a decoder can use.
        let broken = Data([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0x00, 0x01, 0x00]) + Data(repeating: 0x42, count: 2000)
        try await withKinetic { app in
            let ann = try await app.signUp()
            for (name, data, key) in [
                ("text", Data("hello".utf8), "invalid_photo"), ("tiny", tiny, "invalid_photo"),
                ("bomb", bomb, "invalid_photo"), ("broken", broken, "invalid_photo"),
            ] {
                let response = try await upload(app, data, token: ann.token)
                #expect(response.status == .unprocessableEntity, "\(name)")
                #expect(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.code == key, "\(name)")
            }
            let tooBig = try await upload(app, Data(count: WishPhotoCheck.maximumBytes + 1), token: ann.token)
            #expect(tooBig.status == .payloadTooLarge)
            #expect(try await app.media.list(under: MediaKey("wishes/photos/")).isEmpty)
            let uploads = (try? FileManager.default.contentsOfDirectory(atPath: app.kineticConfiguration.uploadDirectory)) ?? []
            #expect(uploads.isEmpty)
        }
    }

    @Test func aWishWithAPhoto_showsItToItsRecipient_andTheEmailCarriesIt() async throws {
        let png = try await ImageFixtures.picture(width: 400, height: 300, codec: "png")
        try await withKinetic { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let bob = try await app.signUp(name: "Bob", email: "bob@example.com")
            let photo = try await upload(app, png, token: ann.token).decoded(as: Components.Schemas.WishPhoto.self)
            let id = photo.id
            #expect(photo.mediaType == .imagePng && photo.width == 400)
            let url = photo.url
            #expect(try await app.json(.GET, url, token: bob.token).status == .notFound)
            _ = try await app.scheduleWish(from: ann, to: ["bob@example.com"], channels: [.inApp], photo: id)
            try await app.makeWishDispatcher().runOnce(now: testNow.addingTimeInterval(300))
            #expect(try await app.json(.GET, url, token: bob.token).status == .ok)
            let image = try await app.makeWishDispatcher().images?.inlineImage(for: WishPhoto(id), on: app.db)
            #expect(image?.mediaType == "image/png")
            #expect(image?.data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        }
    }
}
