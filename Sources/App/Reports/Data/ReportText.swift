import Foundation

/// A report's text as `pdftotext` writes it (each page ended by a form feed), in memory or in a
/// file, read a batch of whole pages at a time, so that the text of a book of thousands of pages
/// is never in memory whole.
enum ReportText: Sendable {
    case string(String)
    case file(URL)

    /// Pages read per batch.
    static let pagesPerBatch = 200
    /// Bytes read from a file at once.
    static let bytesPerRead = 1 << 20

    /// Calls `body` with each batch of ``pagesPerBatch`` pages in order (the last batch may end
    /// without a form feed) and the number of its first page (from 1). A file that is gone reads
    /// as no text.
    func forEachBatch(_ body: (Substring, _ firstPage: Int) async throws -> Void) async throws {
        switch self {
        case .string(let text):
            var firstPage = 1
            var start = text.startIndex
            while start < text.endIndex {
                var end = start
                var pages = 0
                while end < text.endIndex, pages < Self.pagesPerBatch {
                    end = text[end...].firstIndex(of: "\u{0C}").map { text.index(after: $0) } ?? text.endIndex
                    pages += 1
                }
                try await body(text[start..<end], firstPage)
                firstPage += pages
                start = end
            }
        case .file(let url):
            guard let handle = try? FileHandle(forReadingFrom: url) else { return }
            defer { try? handle.close() }
            var pending = Data()
            var firstPage = 1
            var ended = false
            while !ended {
                let chunk = try handle.read(upToCount: Self.bytesPerRead) ?? Data()
                ended = chunk.isEmpty
                pending.append(chunk)
                // A form feed (0x0C) is never part of a character of several bytes: the bytes up
                // to one are whole characters.
                while let end = Self.endOfBatch(in: pending) ?? (ended && !pending.isEmpty ? pending.endIndex : nil) {
                    let batch = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
                    let pages = batch.reduce(0) { $1 == "\u{0C}" ? $0 + 1 : $0 }
                    try await body(batch[...], firstPage)
                    firstPage += max(pages, 1)
                    pending = Data(pending[end...])
                }
            }
        }
    }

    /// Where the batch at the start of `data` ends: after its ``pagesPerBatch``th form feed.
    private static func endOfBatch(in data: Data) -> Data.Index? {
        var feeds = 0
        for index in data.indices where data[index] == 0x0C {
            feeds += 1
            if feeds == pagesPerBatch { return data.index(after: index) }
        }
        return nil
    }
}
