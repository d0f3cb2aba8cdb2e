import Foundation
import KineticAPI
import NIOCore
import Testing
import VaporTesting

@testable import App

/// Uploads are bounded, and what they leave on disk goes away.
@Suite struct UploadBoundsTests {
    private func uploadDirectoryFiles(_ app: Application) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: app.kineticConfiguration.uploadDirectory)) ?? []
    }

    @Test func uploadOverTheLimit_isRefusedWith413_andLeavesNoFile() async throws {
        try await withKinetic(maximumUploadBytes: 1_024) { app in
            let account = try await app.signUp()
            let response = try await app.uploadExport(StepsAPITests.export + String(repeating: " ", count: 2_000), token: account.token)
            #expect(response.status == .payloadTooLarge)
            #expect(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "upload_too_large")
            #expect(uploadDirectoryFiles(app).isEmpty)
            #expect(try await app.uploadExport(StepsAPITests.export, token: account.token).status == .ok)
            #expect(uploadDirectoryFiles(app).isEmpty)
        }
    }

    @Test func uploadsLeftByACrash_areRemovedAtStart() async throws {
        try await withKinetic { app in
            let directory = app.kineticConfiguration.uploadDirectory
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let stale = (directory as NSString).appendingPathComponent("upload-left-by-a-crash")
            #expect(FileManager.default.createFile(atPath: stale, contents: Data("partial".utf8)))
            _ = try await prepareToServe(app, arguments: ["kinetic", "serve"])
            #expect(!FileManager.default.fileExists(atPath: stale))
        }
    }

    @Test func zipBombUpload_isRefusedWith422_andAClearMessage() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
                .appendingPathComponent("AppleHealthTests/Fixtures/spaces-bomb.zip")
            var headers = HTTPHeaders()
            headers.bearerAuthorization = BearerAuthorization(token: account.token)
            headers.contentType = .zip
            let response = try await app.testing().sendRequest(
                .POST, "/api/v1/health/import", headers: headers, body: ByteBuffer(data: try Data(contentsOf: fixture)))
            #expect(response.status == .unprocessableEntity)
            let message = try response.decoded(as: Components.Schemas.ErrorResponse.self).error.message
            #expect(message.contains("expands more than 100 times"))
        }
    }

    /// The audit's 378-byte zip64 export, whose directory claims an entry of 2^63+5 bytes, once
    /// ended the server; every hostile zip of the reader's fixtures is now a 422 for its uploader
    /// while the server goes on answering.
    @Test func hostileZipUploads_areRefusedWith422_andTheServerGoesOn() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("KineticZipTests/Fixtures/hostile")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".zip") && !$0.hasPrefix("ok-")
            }
            #expect(names.count >= 15)
            var headers = HTTPHeaders()
            headers.bearerAuthorization = BearerAuthorization(token: account.token)
            headers.contentType = .zip
            for name in names.sorted() {
                let body = ByteBuffer(data: try Data(contentsOf: folder.appendingPathComponent(name)))
                let response = try await app.testing().sendRequest(.POST, "/api/v1/health/import", headers: headers, body: body)
                #expect(response.status == .unprocessableEntity, "\(name): \(response.status)")
                #expect(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.code != "internal_error", "\(name)")
            }
            let valid = ByteBuffer(data: try Data(contentsOf: folder.appendingPathComponent("ok-zip64-export.zip")))
            #expect(try await app.testing().sendRequest(.POST, "/api/v1/health/import", headers: headers, body: valid).status == .ok)
            #expect(uploadDirectoryFiles(app).isEmpty)
        }
    }
}
