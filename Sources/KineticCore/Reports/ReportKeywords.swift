import Foundation

/// A report's keywords: the datasource's, then the PDF's own `/Keywords`, each once.
public enum ReportKeywords {
    /// `lists` joined in order, trimmed, empty ones dropped, each keyword once (the first
    /// spelling wins; compared without case or diacritics), at most
    /// ``ReportLibraryManifest/Limits/keywords`` of at most
    /// ``ReportLibraryManifest/Limits/keywordLength`` characters.
    public static func merged(_ lists: [String]...) -> [String] {
        var seen: Set<String> = []
        var keywords: [String] = []
        for keyword in lists.joined() {
            let trimmed = keyword.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, trimmed.count <= ReportLibraryManifest.Limits.keywordLength else { continue }
            guard seen.insert(trimmed.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)).inserted else { continue }
            keywords.append(trimmed)
            if keywords.count == ReportLibraryManifest.Limits.keywords { break }
        }
        return keywords
    }

    /// The keywords of a PDF's `/Keywords` entry, which tools write separated by commas or
    /// semicolons (reportlab, LibreOffice) and sometimes by line breaks.
    public static func split(pdfKeywords: String) -> [String] {
        pdfKeywords.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isNewline }).map(String.init)
    }
}
