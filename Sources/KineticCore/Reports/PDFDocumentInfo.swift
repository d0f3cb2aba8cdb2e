import Foundation

/// What poppler's `pdfinfo -enc UTF-8` says about a PDF, read from its `Key: value` lines.
public struct PDFDocumentInfo: Equatable, Sendable {
    public var pages: Int
    public var title: String?
    public var keywords: String?
    /// The first page's size in points as it is drawn (its rotation applied), when given.
    public var pageWidth: Double?
    public var pageHeight: Double?
    /// Whether the file is encrypted (`Encrypted: yes (…)`): one that opens without a password
    /// still has to be decrypted before some tools (OCR) take it.
    public var isEncrypted = false
    /// Each listed page's size in points as it is drawn, page 1 first: pdfinfo lists them when
    /// asked for a range (`-f 1 -l N`: `Page    2 size: 595 x 842 pts`, `Page    2 rot: 90`).
    /// A page whose size is missing or no PDF's has nil.
    public var drawnPageSizes: [DrawnSize?] = []

    /// A page's width and height in points, as drawn.
    public struct DrawnSize: Equatable, Sendable {
        public var width: Double
        public var height: Double

        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    public init(
        pages: Int, title: String? = nil, keywords: String? = nil, pageWidth: Double? = nil, pageHeight: Double? = nil,
        isEncrypted: Bool = false, drawnPageSizes: [DrawnSize?] = []
    ) {
        self.pages = pages
        self.title = title
        self.keywords = keywords
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        self.isEncrypted = isEncrypted
        self.drawnPageSizes = drawnPageSizes
    }

    /// The largest page side accepted, in points: PDF's own limit (14,400 pt, 200 inches).
    public static let maximumPageSide = 14_400.0

    /// The most pixels a drawn page may have on a side: JPEG's own limit (65,535), less a margin.
    public static let maximumDrawnSide = 65_500

    /// The information in `output`, or nil when it names no page count.
    ///
    /// pdfinfo prints the document's own strings (title, subject, keywords, author…) before the
    /// lines it computes (`Pages`, `Page size`, `Encrypted`), and a title may hold a line break:
    /// so a key's last line counts, never a first one a title could have made up. A page size
    /// counts only when both sides are finite and from 1 to ``maximumPageSide`` points.
    public init?(pdfinfoOutput output: String) {
        var values: [String: String] = [:]
        for line in output.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            // `Page    2 size` and `Page 2 size` are one key.
            let key = line[..<colon].split(separator: " ").joined(separator: " ")
            values[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard let pages = values["Pages"].flatMap({ Int($0) }), pages >= 0 else { return nil }
        self.pages = pages
        title = Self.firstLine(after: "Title", in: output)
        keywords = Self.firstLine(after: "Keywords", in: output)
        isEncrypted = values["Encrypted"]?.hasPrefix("yes") == true
        var listed = 0
        while listed < pages, values["Page \(listed + 1) size"] != nil { listed += 1 }
        drawnPageSizes = (0..<listed).map { index in
            let page = index + 1
            return Self.size(values["Page \(page) size"]).map { size in
                let rotation = values["Page \(page) rot"].flatMap { Int($0) } ?? 0
                return rotation % 180 == 0 ? size : DrawnSize(width: size.height, height: size.width)
            }
        }
        if let first = drawnPageSizes.first ?? Self.size(values["Page size"]) {
            pageWidth = first.width
            pageHeight = first.height
        }
    }

    /// The first listed page that cannot be drawn `width` pixels wide: its size is missing or
    /// no PDF's, or its height at that width passes ``maximumDrawnSide`` (a strip 1 pt wide and
    /// 14,400 pt tall would be 17.9 million pixels tall). Nil when every listed page can.
    public func firstPageTooLargeToDraw(width: Int) -> Int? {
        for (index, size) in drawnPageSizes.enumerated() {
            guard let size else { return index + 1 }
            if Double(width) * size.height / size.width > Double(Self.maximumDrawnSide) { return index + 1 }
        }
        return nil
    }

    /// `595.276 x 841.89 pts (A4)` read, when both sides are finite and within PDF's limits.
    private static func size(_ text: String?) -> DrawnSize? {
        guard let numbers = text?.split(separator: " ").compactMap({ Double($0) }), numbers.count >= 2 else { return nil }
        let sides = 1.0...maximumPageSide
        guard sides.contains(numbers[0]), sides.contains(numbers[1]) else { return nil }
        return DrawnSize(width: numbers[0], height: numbers[1])
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
