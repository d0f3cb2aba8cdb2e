import Foundation
import Testing

@testable import App

/// A report's text read a batch of whole pages at a time gives the same batches from a file as
/// from memory, characters of several bytes whole across the file's reads.
@Suite struct ReportTextTests {
    @Test func aFile_isReadInBatchesOfWholePages_asTheSameTextInMemoryIs() async throws {
        // 450 pages of about 5 kB with letters of two, three and four bytes: reads of 1 MiB fall
        // inside pages and inside characters.
        let pages = (1...450).map { page in
            "Seite \(page): Größe, Straße, 東京, 🎂 " + String(repeating: "Übung \(page) ", count: 500) + "\u{0C}"
        }
        let text = pages.joined() + "a last page without a form feed"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("report-text-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        func batches(_ source: ReportText) async throws -> [(String, Int)] {
            var found: [(String, Int)] = []
            try await source.forEachBatch { batch, firstPage in found.append((String(batch), firstPage)) }
            return found
        }
        let fromFile = try await batches(.file(file))
        let fromMemory = try await batches(.string(text))
        #expect(fromFile.map(\.1) == [1, 201, 401])
        #expect(fromFile.map(\.1) == fromMemory.map(\.1))
        #expect(fromFile.map(\.0) == fromMemory.map(\.0))
        #expect(fromFile.map(\.0).joined() == text)
        #expect(fromFile[1].0.hasPrefix("Seite 201: Größe, Straße, 東京, 🎂 "))
        #expect(try await batches(.file(file.appendingPathExtension("gone"))).isEmpty)
    }
}
