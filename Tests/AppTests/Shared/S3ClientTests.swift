import AsyncHTTPClient
import Foundation
import ObjectStorage
import Testing

/// S3Client against a real S3 server on loopback (moto): what is put comes back whole and by
/// range, listings page, deletes delete, and the store's refusals arrive as S3Error.
@Suite struct S3ClientTests {
    private func withClient(prefix: String = "", _ body: (S3Client, S3Peer) async throws -> Void) async throws {
        let peer = try S3Peer()
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await body(try peer.client(http: http, prefix: prefix), peer)
        } catch {
            try await http.shutdown()
            throw error
        }
        try await http.shutdown()
    }

    private func temporaryFile(_ bytes: Data) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("s3-\(UUID().uuidString)")
        try bytes.write(to: file)
        return file
    }

    @Test func aFile_goesUpInChunks_andComesBackWholeAndByRange() async throws {
        try await withClient { s3, _ in
            var bytes = Data(count: 3 << 20 + 12345)
            for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 9) }
            let file = try temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(at: file) }
            try await s3.putObject("songs/a b+ü.mp3", file: file, contentType: "audio/mpeg")

            let info = try #require(try await s3.headObject("songs/a b+ü.mp3"))
            #expect(info.size == Int64(bytes.count))
            #expect(info.contentType == "audio/mpeg")

            let whole = try #require(try await s3.getObject("songs/a b+ü.mp3"))
            #expect(whole.status == .ok)
            #expect(Data(buffer: try await whole.body.collect(upTo: 8 << 20)) == bytes)

            let part = try #require(try await s3.getObject("songs/a b+ü.mp3", range: "bytes=1048570-1048589"))
            #expect(part.status == .partialContent)
            #expect(part.headers.first(name: "content-range") == "bytes 1048570-1048589/\(bytes.count)")
            #expect(Data(buffer: try await part.body.collect(upTo: 100)) == bytes[1_048_570...1_048_589])

            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("s3-copy-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: copy) }
            #expect(try await s3.download("songs/a b+ü.mp3", to: copy))
            #expect(try Data(contentsOf: copy) == bytes)
        }
    }

    @Test func missingObjects_areNil_andDeletingTwiceIsFine() async throws {
        try await withClient { s3, _ in
            #expect(try await s3.getObject("nothing/here.jpg") == nil)
            #expect(try await s3.headObject("nothing/here.jpg") == nil)
            #expect(try await s3.objectData("nothing/here.jpg", maximumBytes: 10) == nil)
            let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("s3-none-\(UUID().uuidString)")
            #expect(try await s3.download("nothing/here.jpg", to: nowhere) == false)
            #expect(!FileManager.default.fileExists(atPath: nowhere.path))

            try await s3.putObject("cards/one.png", data: Data("png".utf8), contentType: "image/png")
            #expect(try await s3.objectData("cards/one.png", maximumBytes: 10) == Data("png".utf8))
            try await s3.deleteObject("cards/one.png")
            try await s3.deleteObject("cards/one.png")
            #expect(try await s3.headObject("cards/one.png") == nil)
        }
    }

    @Test func listings_page_andStayUnderThePrefix() async throws {
        try await withClient(prefix: "site-a") { s3, peer in
            for index in 0..<7 {
                try await s3.putObject("reports/r\(index)/page-1.jpg", data: Data(repeating: 1, count: index), contentType: "image/jpeg")
            }
            try await s3.putObject("songs/x.mp3", data: Data("x".utf8), contentType: "audio/mpeg")
            let http = HTTPClient(eventLoopGroupProvider: .singleton)
            defer { _ = http.shutdown() }
            try await (try peer.client(http: http, prefix: "site-b")).putObject(
                "reports/elsewhere.jpg", data: Data(), contentType: "image/jpeg")

            let reports = try await s3.listObjects(prefix: "reports/", pageSize: 3)
            #expect(reports.map(\.key) == (0..<7).map { "reports/r\($0)/page-1.jpg" })
            #expect(reports.map(\.size) == (0..<7).map { Int64($0) })
            #expect(try await s3.listObjects(prefix: "").count == 8)
        }
    }

    @Test func refusals_arriveAsS3Errors() async throws {
        try await withClient { s3, peer in
            try await s3.checkBucket()
            let http = HTTPClient(eventLoopGroupProvider: .singleton)
            defer { _ = http.shutdown() }
            let missing = S3Client(
                location: S3Location(bucket: "no-such-bucket", endpoint: URL(string: "http://127.0.0.1:\(peer.peer.port)")!),
                credentials: SignatureV4.Credentials(accessKeyID: "test", secretAccessKey: "test"), http: http)
            await #expect(throws: S3Error.self) { try await missing.checkBucket() }
            do {
                try await missing.putObject("a.jpg", data: Data("a".utf8), contentType: "image/jpeg")
                Issue.record("a put into a missing bucket succeeded")
            } catch let error as S3Error {
                #expect(error.status == 404)
                #expect(error.code == "NoSuchBucket")
            }
        }
    }
}
