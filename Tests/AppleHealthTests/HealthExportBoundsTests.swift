import Foundation
import Testing
import ZIPFoundation

@testable import AppleHealth

/// Hostile exports from the security audit (`Fixtures/`, made with Python's zipfile): each is
/// refused with a clear message after bounded work. Before the bounds, the 33 KB comment bomb
/// cost 414 s of CPU and the 100 KB bomb of spaces read 100 MiB.
@Suite struct HealthExportBoundsTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    private func refusal(_ fixture: String, limits: HealthExportReader.Limits = .init()) throws -> (HealthExportError, Void) {
        var caught: HealthExportError?
        do {
            _ = try HealthExportReader.read(fileAt: Self.fixtures.appendingPathComponent(fixture), limits: limits) { _ in }
        } catch {
            caught = error as? HealthExportError
        }
        return (try #require(caught, "\(fixture) was not refused"), ())
    }

    /// Lets a bomb through the ratio check, so that the scanner's own bound is what stops it.
    private static let ratioOff = HealthExportReader.Limits(maximumCompressionRatio: 100_000)

    /// 32 MiB of "-" after an unclosed "<!--": refused once the comment passes 1 MiB (the
    /// compression ratio would stop it first; here it is lifted to test the scanner).
    @Test func unclosedCommentFullOfDashes_isRefusedAsDamaged_afterBoundedWork() throws {
        let (error, _) = try refusal("comment-bomb.zip", limits: Self.ratioOff)
        guard case .malformed(let detail) = error.kind else {
            Issue.record("\(error)")
            return
        }
        #expect(detail.contains("longer than 1 MiB"))
        #expect(error.byteOffset < 2 << 20)
    }

    /// 64 MiB of one attribute value that never closes.
    @Test func unclosedAttribute_isRefusedAsDamaged() throws {
        let (error, _) = try refusal("open-attribute.zip", limits: Self.ratioOff)
        guard case .malformed = error.kind else {
            Issue.record("\(error)")
            return
        }
        #expect(error.byteOffset < 2 << 20)
    }

    @Test func commentBomb_isAlsoCaughtByTheDefaultRatio() throws {
        let (error, _) = try refusal("comment-bomb.zip")
        guard case .tooLarge = error.kind else {
            Issue.record("\(error)")
            return
        }
    }

    /// 100 MiB of spaces in a 100 KB zip (1,000 : 1): a zip bomb, stopped by the ratio.
    @Test func zipBomb_isRefusedByItsCompressionRatio() throws {
        let (error, _) = try refusal("spaces-bomb.zip")
        guard case .tooLarge(let detail) = error.kind else {
            Issue.record("\(error)")
            return
        }
        #expect(detail.contains("expands more than 100 times"))
    }

    @Test func exportOverTheXMLLimit_isRefused() throws {
        let (error, _) = try refusal("spaces-bomb.zip", limits: .init(maximumXMLBytes: 1 << 20, maximumCompressionRatio: 100_000))
        guard case .tooLarge(let detail) = error.kind else {
            Issue.record("\(error)")
            return
        }
        #expect(detail.contains("more than 1 MiB of XML"))
    }

    /// Sixty-five thousand tiny XML files: only the largest few are looked at.
    @Test func archiveOfManyXMLFiles_isNotAnExport_quickly() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-many-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: url) }
        let archive = try Archive(url: url, accessMode: .create)
        let data = Data("<x/>".utf8)
        for index in 0..<5_000 {
            try archive.addEntry(with: "e\(index).xml", type: .file, uncompressedSize: Int64(data.count), compressionMethod: .none) {
                position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        #expect(throws: HealthExportError(kind: .notAnExport)) {
            _ = try HealthExportReader.read(fileAt: url) { _ in }
        }
    }
}
