import Foundation

/// What poppler's `pdfinfo -enc UTF-8` says about a PDF, read from its `Key: value` lines.
public struct PDFDocumentInfo: Equatable, Sendable {
    public var pages: Int
    public var title: String?
    public var keywords: String?
    /// The first page's size in points, when given (`Page size: 595.276 x 841.89 pts (A4)`).
    public var pageWidth: Double?
    public var pageHeight: Double?

    public init(pages: Int, title: String? = nil, keywords: String? = nil, pageWidth: Double? = nil, pageHeight: Double? = nil) {
        self.pages = pages
        self.title = title
        self.keywords = keywords
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
    }

    /// The largest page side accepted, in points: PDF's own limit (14,400 pt, 200 inches).
    public static let maximumPageSide = 14_400.0

    /// The information in `output`, or nil when it names no page count.
    ///
    /// pdfinfo prints the document's own strings (title, subject, keywords, author…) before the
    /// lines it computes (`Pages`, `Page size`), and a title may hold a line break: so a key's
    /// last line counts, never a first one a title could have made up. A page size counts only
    /// when both sides are finite and from 1 to ``maximumPageSide`` points.
    public init?(pdfinfoOutput output: String) {
        var values: [String: String] = [:]
        for line in output.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon])
            values[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard let pages = values["Pages"].flatMap({ Int($0) }), pages >= 0 else { return nil }
        self.pages = pages
        title = Self.firstLine(after: "Title", in: output)
        keywords = Self.firstLine(after: "Keywords", in: output)
        if let size = values["Page size"] {
            let numbers = size.split(separator: " ").compactMap { Double($0) }
            let sides = 1.0...Self.maximumPageSide
            if numbers.count >= 2, sides.contains(numbers[0]), sides.contains(numbers[1]) {
                pageWidth = numbers[0]
                pageHeight = numbers[1]
            }
        }
    }

    /// The value of the first `key:` line (the document's own string, which comes first).
    private static func firstLine(after key: String, in output: String) -> String? {
        for line in output.split(whereSeparator: \.isNewline) where line.hasPrefix(key + ":") {
            let value = line.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
