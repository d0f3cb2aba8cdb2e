import Foundation
import KineticCore

/// One step of the trail from the root to a level: a category's id and title.
struct ReportCrumb: Equatable, Sendable {
    let id: String
    let title: String
    /// The language of its title (``TextLanguage``); nil when not known.
    var language: String? = nil
}

/// A category as a level lists it.
struct ReportCategorySummary: Equatable, Sendable {
    let id: String
    let title: String
    let summary: String?
    /// Its own categories.
    let categoryCount: Int
    /// Reports in it and every category below it.
    let reportCount: Int
    /// The language of its title and summary; nil when not known.
    var language: String? = nil
}

/// A report as a level, the list or search shows it.
struct ReportSummary: Equatable, Sendable {
    let id: String
    let title: String
    let summary: String?
    let date: LocalDate?
    let keywords: [String]
    let pageCount: Int
    /// The category that lists it; nil for the root.
    let categoryID: String?
    /// Names the files its PDF was rendered into (a new or changed PDF, or an undo, gets
    /// another): its file URLs carry it, so they can be cached for good.
    let filesVersion: String
    /// The language it is written in (``TextLanguage``); nil when not known.
    var language: String? = nil

    /// `url` (one of the report's files) with its ``filesVersion``.
    func versioned(_ url: SiteURL) -> String { url.with([("v", filesVersion)]) }
}

/// One level of the library: the root (no category) or a category, with its trail, its
/// categories and its reports in the datasource's order.
struct ReportLevel: Equatable, Sendable {
    let libraryTitle: String
    /// The language of the library's title; nil when not known.
    var libraryLanguage: String? = nil
    /// Nil for the root.
    let category: ReportCategorySummary?
    /// From the root's first category down to this level's parent.
    let trail: [ReportCrumb]
    let categories: [ReportCategorySummary]
    let reports: [ReportSummary]
}

/// A report with what the viewer and a download need.
struct ReportDetails: Equatable, Sendable {
    let summary: ReportSummary
    /// From the root's first category down to the report's category.
    let trail: [ReportCrumb]
    let fileName: String
    let byteCount: Int
    let pageWidth: Int
    let pageHeight: Int
    let storedFolder: String
    /// Pages whose text was recognised by OCR.
    let recognisedPages: Int
}

/// A report found by search, with a stretch of its text: parts alternate between plain text
/// and matching words.
struct ReportSearchResult: Equatable, Sendable {
    struct SnippetPart: Equatable, Sendable {
        let text: String
        let isHit: Bool
    }

    let report: ReportSummary
    let trail: [ReportCrumb]
    let snippet: [SnippetPart]
    /// The page the snippet is from, when it is from one.
    let snippetPage: Int?
    /// The pages holding every word looked for, in order (at most ``ReportSearchIndex/pagesNamed``).
    let pages: [Int]
    /// How many pages hold them.
    let pageMatchCount: Int
}

/// What a search found: the reports, best first; the misspelt words it read as others; and
/// the words a reader highlights in a hit.
struct ReportSearchResults: Equatable, Sendable {
    let results: [ReportSearchResult]
    /// A word in no report, and the words near it that were looked for instead.
    let corrections: [String: [String]]
    /// The query's words and their corrections.
    let highlight: [String]
    /// What a reader opened at a result is asked to find (``ReportSearchQuery/readerFind(alternatives:)``).
    var find = ""

    static let none = ReportSearchResults(results: [], corrections: [:], highlight: [])
}

/// The library's title and size, when one was imported.
struct ReportLibraryInfo: Equatable, Sendable {
    let title: String
    let reportCount: Int
    let pageCount: Int
    let importedAt: Date
}
