import Foundation

/// A PDF's text as search keeps it: one text per page, as `pdftotext` writes them (pages ended
/// by form feeds), with the dot leaders of tables of contents taken out so a snippet never
/// reads "Ordered factors . . . . . . 17".
public enum ReportPageText {
    /// The most characters kept of one page (a page of small print holds about 10,000).
    public static let pageLimit = 20_000
    /// A page with at least this many leader runs is a table of contents (or an index): search
    /// names it among the pages but takes a snippet from it only when no other page matches.
    public static let contentsLeaders = 3

    /// One page's text.
    public struct Page: Equatable, Sendable {
        /// 1-based.
        public let number: Int
        /// The text, leaders replaced by one space, at most ``pageLimit`` characters.
        public let text: String
        /// Whether it reads like a table of contents.
        public let isContents: Bool

        public init(number: Int, text: String, isContents: Bool) {
            self.number = number
            self.text = text
            self.isContents = isContents
        }
    }

    /// A page's text as the index stores it.
    public struct Stored: Equatable, Sendable, Decodable {
        /// 1-based.
        public let page: Int
        public let body: String

        public init(page: Int, body: String) {
            self.page = page
            self.body = body
        }
    }

    /// The pages of `text` (form feeds between pages, as `pdftotext` writes them; the feed after
    /// the last page adds none), blank pages left out, numbered from `firstNumber` (a part of a
    /// longer text read a part at a time). A text without form feeds (kept before pages were)
    /// has no pages known.
    public static func pages(of text: Substring, firstNumber: Int = 1) -> [Page] {
        guard text.contains("\u{0C}") else { return [] }
        var pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: false)
        if pages.count > 1, pages.last?.allSatisfy(\.isWhitespace) == true { pages.removeLast() }
        return pages.enumerated().compactMap { index, page in
            let (text, leaders) = withoutLeaders(page)
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return nil }
            return Page(number: firstNumber + index, text: String(trimmed.prefix(pageLimit)), isContents: leaders >= contentsLeaders)
        }
    }

    public static func pages(of text: String) -> [Page] {
        pages(of: text[...])
    }

    /// `text` with each run of dot leaders (four or more dots, middle dots or ellipses, spaced or
    /// not) replaced by one space, and how many runs there were.
    public static func withoutLeaders(_ text: Substring) -> (text: String, leaders: Int) {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var leaders = 0
        var index = text.startIndex
        while index < text.endIndex {
            guard isLeaderDot(text[index]) else {
                result.append(text[index])
                index = text.index(after: index)
                continue
            }
            // A run: dots, possibly with single spaces between them.
            var end = index
            var dots = 0
            var cursor = index
            while cursor < text.endIndex {
                let character = text[cursor]
                if isLeaderDot(character) {
                    dots += character == "…" ? 3 : 1
                    cursor = text.index(after: cursor)
                    end = cursor
                } else if character == " " || character == "\u{A0}" {
                    cursor = text.index(after: cursor)
                } else {
                    break
                }
            }
            if dots >= 4 {
                leaders += 1
                if result.last != " " { result.append(" ") }
                index = end
                while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
            } else {
                result.append(contentsOf: text[index..<end])
                index = end
            }
        }
        return (result, leaders)
    }

    private static func isLeaderDot(_ character: Character) -> Bool {
        character == "." || character == "·" || character == "…" || character == "\u{2024}"
    }
}
