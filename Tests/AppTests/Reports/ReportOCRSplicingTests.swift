import Foundation
import Testing

@testable import App

/// Recognised pages go back in their places: in the PDF (qpdf's page selection) and in the text
/// (page by page, however the text is read in batches).
@Suite struct ReportOCRSplicingTests {
    @Test func theSelection_putsEachRecognisedPageInItsPlace_asRanges() {
        func selection(_ runs: [(String, [Int])], pages: Int) -> String {
            PDFTools.splicedPages(runs, original: "book", pageCount: pages).joined(separator: " ")
        }
        // A scan in the middle, then the first and last pages, then scans one after another
        // across two runs.
        #expect(selection([("a", [3])], pages: 5) == "book 1-2 a 1 book 4-5")
        #expect(selection([("a", [1, 5])], pages: 5) == "a 1 book 2-4 a 2")
        #expect(selection([("a", [2, 3, 4, 5]), ("b", [6, 7])], pages: 9) == "book 1 a 1-4 b 1-2 book 8-9")
        #expect(selection([("a", [1, 2])], pages: 2) == "a 1-2")
        // Only the runs that were recognised go in; the rest of the book stays as it was.
        #expect(
            selection([("a", [10, 20, 30, 40])], pages: 5_000) == "book 1-9 a 1 book 11-19 a 2 book 21-29 a 3 book 31-39 a 4 book 41-5000")
    }

    /// A recognised page is put in place once whichever batch holds it: the first and last page
    /// of a batch of 200, the first of the next, and the last page of the text.
    @Test func recognisedTexts_replaceTheirPages_acrossBatches() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-text-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data((1...450).map { "page \($0)\u{0C}" }.joined().utf8).write(to: file)
        let texts = [1: "one", 200: "two hundred", 201: "two hundred and one", 450: "last"]
        try await ReportLibraryImporter.replacePages(of: file, with: texts, threads: .immediate)
        let pages = try String(contentsOf: file, encoding: .utf8).split(separator: "\u{0C}", omittingEmptySubsequences: false)
        #expect(pages.count == 451)
        #expect(pages[0] == "one" && pages[1] == "page 2" && pages[198] == "page 199")
        #expect(pages[199] == "two hundred" && pages[200] == "two hundred and one" && pages[201] == "page 202")
        #expect(pages[449] == "last" && pages[450] == "")
        #expect(
            ReportLibraryImporter.replacingPages(of: "a\u{0C}b\u{0C}", firstPage: 1, with: [3: "next batch's"]) == "a\u{0C}b\u{0C}",
            "the part after the last form feed is no page of this batch")
    }
}
