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

    /// The information in `output`, or nil when it names no page count.
    public init?(pdfinfoOutput output: String) {
        var values: [String: String] = [:]
        for line in output.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if values[key] == nil { values[key] = value }
        }
        guard let pages = values["Pages"].flatMap({ Int($0) }), pages >= 0 else { return nil }
        self.pages = pages
        title = values["Title"].flatMap { $0.isEmpty ? nil : $0 }
        keywords = values["Keywords"].flatMap { $0.isEmpty ? nil : $0 }
        if let size = values["Page size"] {
            let numbers = size.split(separator: " ").compactMap { Double($0) }
            if numbers.count >= 2, numbers[0] > 0, numbers[1] > 0 {
                pageWidth = numbers[0]
                pageHeight = numbers[1]
            }
        }
    }
}
