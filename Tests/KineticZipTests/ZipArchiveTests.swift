import Foundation
import Testing
import ZIPFoundation

@testable import KineticZip

@Suite struct ZipArchiveTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/hostile")

    private func extracted(_ archive: ZipArchive, _ entry: ZipArchive.Entry) throws -> Data {
        var data = Data()
        try archive.extract(entry, chunkSize: 7) { data.append($0) }
        return data
    }

    @Test(arguments: ["ok-export.zip", "ok-zip64-export.zip"])
    func validZips_areReadWhole(name: String) throws {
        let archive = try ZipArchive(url: Self.fixtures.appendingPathComponent(name))
        let entry = try #require(archive.entries.first { $0.path == "apple_health_export/export.xml" })
        #expect(entry.kind == .file)
        let text = String(decoding: try extracted(archive, entry), as: UTF8.self)
        #expect(text.hasPrefix("<?xml"))
        #expect(text.contains("<HealthData"))
        #expect(text.hasSuffix("</HealthData>\n") || text.hasSuffix("</HealthData>"))
        #expect(text.utf8.count == entry.uncompressedSize)
    }

    /// Each of these once crashed the server, hung a thread, or made a small zip claim to be
    /// huge (Fixtures/hostile/make_hostile_zips.py makes them): each is refused, when opened or
    /// when its entry is extracted, with an error and never more than its declared bytes.
    @Test(arguments: [
        "zip64-huge-uncompressed.zip", "zip64-huge-compressed.zip", "zip64-compressed-near-2-64.zip", "zip64-huge-offset.zip",
        "zip64-directory-offset.zip", "stored-huge-size.zip", "offset-past-end.zip", "count-lies.zip", "truncated-deflate.zip",
        "overlapping-entries.zip", "directory-past-end.zip", "name-length-past-directory.zip", "encrypted-entry.zip",
        "unsupported-method.zip", "stored-size-mismatch.zip",
    ])
    func hostileZips_areRefused_neverCrashOrHang(name: String) throws {
        let url = Self.fixtures.appendingPathComponent(name)
        #expect(throws: ZipArchiveError.self, "\(name)") {
            let archive = try ZipArchive(url: url)
            for entry in archive.entries { _ = try extracted(archive, entry) }
        }
    }

    @Test func theAuditsZip64Export_isRefusedWhenOpened() throws {
        let url = Self.fixtures.appendingPathComponent("zip64-huge-uncompressed.zip")
        #expect(try Data(contentsOf: url).count < 1_000)
        #expect(throws: ZipArchiveError.damaged("apple_health_export/export.xml claims a size no file has")) { try ZipArchive(url: url) }
    }

    @Test func notAZip_andAnEmptyFile_areNotZips() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, bytes) in [("empty.zip", Data()), ("text.zip", Data("hello, not a zip at all".utf8))] {
            let url = folder.appendingPathComponent(name)
            try bytes.write(to: url)
            #expect(throws: ZipArchiveError.notAZip) { try ZipArchive(url: url) }
        }
    }

    /// What ZIPFoundation writes (folders, links, stored and deflated entries) reads back the same.
    @Test func zipsMadeByZIPFoundation_readBackEntryForEntry() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("made.zip")
        let writer = try Archive(url: url, accessMode: .create)
        let big = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 >> 3) })
        let contents: [(String, Data, CompressionMethod)] = [
            ("a/stored.bin", Data("stored bytes".utf8), .none), ("a/deflated.bin", big, .deflate), ("empty.txt", Data(), .deflate),
        ]
        try writer.addEntry(with: "a/", type: .directory, uncompressedSize: Int64(0), provider: { _, _ in Data() })
        for (path, data, method) in contents {
            try writer.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: method) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        try writer.addEntry(with: "link", type: .symlink, uncompressedSize: Int64(8), provider: { _, _ in Data("a/stored".utf8) })
        let archive = try ZipArchive(url: url)
        #expect(archive.entries.map(\.path) == ["a/", "a/stored.bin", "a/deflated.bin", "empty.txt", "link"])
        #expect(archive.entries.map(\.kind) == [.directory, .file, .file, .file, .symbolicLink])
        for (path, data, _) in contents {
            let entry = try #require(archive.entries.first { $0.path == path })
            #expect(try extracted(archive, entry) == data)
        }
    }
}
