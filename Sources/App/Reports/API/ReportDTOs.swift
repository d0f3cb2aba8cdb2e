import Foundation
import KineticCore
import Vapor

/// One step of a trail: `{"id", "title"}`.
struct ReportCrumbDTO: Content {
    let id: String
    let title: String

    init(_ crumb: ReportCrumb) {
        id = crumb.id
        title = crumb.title
    }
}

/// A category as a level lists it.
struct ReportCategoryDTO: Content {
    let id: String
    let title: String
    @NullEncoded var summary: String?
    let categoryCount: Int
    let reportCount: Int
    /// The language of its title and summary (BCP 47); null when not known.
    @NullEncoded var language: String?

    init(_ category: ReportCategorySummary) {
        language = category.language
        id = category.id
        title = category.title
        summary = category.summary
        categoryCount = category.categoryCount
        reportCount = category.reportCount
    }
}

/// A report as a level, a list or search shows it; `categoryId` is `root` at the top.
struct ReportSummaryDTO: Content {
    let id: String
    let title: String
    @NullEncoded var summary: String?
    @NullEncoded var date: String?
    let keywords: [String]
    let pageCount: Int
    let categoryId: String
    let thumbnailURL: String
    /// The language it is written in (BCP 47); null when not known.
    @NullEncoded var language: String?

    init(_ report: ReportSummary) {
        language = report.language
        id = report.id
        title = report.title
        summary = report.summary
        date = report.date?.description
        keywords = report.keywords
        pageCount = report.pageCount
        categoryId = report.categoryID ?? SiteURL.rootCategoryID
        thumbnailURL = report.versioned(.api(.reports(.thumbnail(id: report.id))))
    }
}

/// A level: the root (`id` `root`) or a category, its trail down to its parent, its
/// categories and its reports.
struct ReportLevelDTO: Content {
    let id: String
    let title: String
    @NullEncoded var summary: String?
    let trail: [ReportCrumbDTO]
    let categories: [ReportCategoryDTO]
    let reports: [ReportSummaryDTO]

    init(_ level: ReportLevel) {
        id = level.category?.id ?? SiteURL.rootCategoryID
        title = level.category?.title ?? level.libraryTitle
        summary = level.category?.summary
        trail = level.trail.map(ReportCrumbDTO.init)
        categories = level.categories.map(ReportCategoryDTO.init)
        reports = level.reports.map(ReportSummaryDTO.init)
    }
}

/// A report with its pages: `pageURLs` in order, each a JPEG `pageWidth` × `pageHeight`
/// pixels (the first page's size), and the original at `pdfURL`.
struct ReportDTO: Content {
    let report: ReportSummaryDTO
    let trail: [ReportCrumbDTO]
    let fileName: String
    let byteCount: Int
    let pageWidth: Int
    let pageHeight: Int
    let pdfURL: String
    let pageURLs: [String]
    let recognisedPages: Int

    init(_ details: ReportDetails) {
        let id = details.summary.id
        report = ReportSummaryDTO(details.summary)
        trail = details.trail.map(ReportCrumbDTO.init)
        fileName = details.fileName
        byteCount = details.byteCount
        pageWidth = details.pageWidth
        pageHeight = details.pageHeight
        pdfURL = details.summary.versioned(.api(.reports(.pdf(id: id))))
        pageURLs = (0..<details.summary.pageCount).map { details.summary.versioned(.api(.reports(.page(id: id, number: String($0 + 1))))) }
        recognisedPages = details.recognisedPages
    }
}

/// Search results, best first: each report, its trail, the pages holding the words and a
/// snippet whose parts alternate between plain text and matching words (`hit`); the misspelt
/// words read as others, and the words to highlight in a hit.
struct ReportSearchDTO: Content {
    struct Result: Content {
        struct Part: Content {
            let text: String
            let hit: Bool
        }

        let report: ReportSummaryDTO
        let trail: [ReportCrumbDTO]
        let snippet: [Part]
        @NullEncoded var snippetPage: Int?
        let pages: [Int]
        let pageMatches: Int
    }

    struct Correction: Content {
        let word: String
        let readAs: [String]
    }

    let query: String
    let results: [Result]
    let corrections: [Correction]
    let highlight: [String]

    init(query: String, _ found: ReportSearchResults) {
        self.query = query
        results = found.results.map { result in
            Result(
                report: ReportSummaryDTO(result.report), trail: result.trail.map(ReportCrumbDTO.init),
                snippet: result.snippet.map { Result.Part(text: $0.text, hit: $0.isHit) },
                snippetPage: result.snippetPage, pages: result.pages, pageMatches: result.pageMatchCount)
        }
        corrections = found.corrections.sorted { $0.key < $1.key }.map { Correction(word: $0.key, readAs: $0.value) }
        highlight = found.highlight
    }
}

/// A report an import leaves out, and why.
struct ReportImportLeftOutDTO: Content {
    let id: String
    let title: String
    let file: String
    /// Where in the datasource (`reports[3].file`).
    let path: String
    /// Why, for a program: the last part of its message key (`damaged`, `tooCostly`…).
    let reason: String
    /// Why, for a person, in the asker's language.
    let message: String

    init(_ leftOut: ReportLibraryImporter.LeftOut, localizer: Localizer) {
        id = leftOut.id
        title = leftOut.title
        file = leftOut.file
        path = leftOut.path
        reason = leftOut.messageKey.split(separator: ".").last.map(String.init) ?? leftOut.messageKey
        message = localizer.t(leftOut.messageKey, arguments: leftOut.arguments)
    }
}

/// What an import did.
struct ReportImportDTO: Content {
    let categories: Int
    let reports: Int
    let added: Int
    let updated: Int
    let removed: Int
    let pages: Int
    let pagesRendered: Int
    let pagesRecognised: Int
    let leftOut: [ReportImportLeftOutDTO]

    init(_ summary: ReportLibraryImporter.Summary, localizer: Localizer) {
        categories = summary.categories
        reports = summary.reports
        added = summary.added
        updated = summary.updated
        removed = summary.removed
        pages = summary.pages
        pagesRendered = summary.pagesRendered
        pagesRecognised = summary.pagesRecognised
        leftOut = summary.leftOut.map { ReportImportLeftOutDTO($0, localizer: localizer) }
    }
}

/// A confirmed import as it runs in the background, and how it ended: what it did, or the
/// error (the API's error shape) that stopped it.
struct ReportImportStatusDTO: Content {
    struct Progress: Content {
        let pagesToRender: Int
        let pagesRendered: Int
        let pagesToRecognise: Int
        let pagesRecognised: Int
    }

    let id: String
    let state: String
    let startedAt: String
    @NullEncoded var finishedAt: String?
    let progress: Progress
    @NullEncoded var result: ReportImportDTO?
    @NullEncoded var error: APIErrorBody.Detail?

    init(_ status: ReportImportStatus, localizer: Localizer) {
        id = status.id.uuidString.lowercased()
        state = status.state.rawValue
        startedAt = status.startedAt.formatted(.iso8601)
        finishedAt = status.finishedAt?.formatted(.iso8601)
        let progress = status.progress
        self.progress = Progress(
            pagesToRender: progress.pagesToRender, pagesRendered: progress.pagesRendered, pagesToRecognise: progress.pagesToRecognise,
            pagesRecognised: progress.pagesRecognised)
        result = status.summary.map { ReportImportDTO($0, localizer: localizer) }
        error = status.failure.map { APIErrorBody.Detail($0.appError, localizer: localizer) }
    }
}

/// An uploaded library waiting for confirmation and what importing it would change.
struct ReportImportPreviewDTO: Content {
    /// A report or category the import adds, changes or removes.
    struct Item: Content {
        let id: String
        let title: String

        init(_ item: ReportLibraryChanges.Item) {
            id = item.id
            title = item.title
        }
    }

    struct Changes: Content {
        let added: [Item]
        let changed: [Item]
        let removed: [Item]
        let unchanged: Int

        init(_ kind: ReportLibraryChanges.Kind) {
            added = kind.added.map(Item.init)
            changed = kind.changed.map(Item.init)
            removed = kind.removed.map(Item.init)
            unchanged = kind.unchanged
        }
    }

    let id: String
    let createdAt: String
    let title: String
    /// The new title when the import changes it.
    @NullEncoded var newTitle: String?
    let categoryCount: Int
    let reportCount: Int
    let pageCount: Int
    let pagesToRender: Int
    /// Nothing would change.
    let unchanged: Bool
    let reports: Changes
    let categories: Changes
    /// The reports whose files cannot be read: confirming imports the rest without them.
    let leftOut: [ReportImportLeftOutDTO]

    init(_ draft: ReportImportDraft, localizer: Localizer) {
        id = draft.id.uuidString.lowercased()
        createdAt = draft.createdAt.formatted(.iso8601)
        title = draft.title
        newTitle = draft.changes.newTitle
        categoryCount = draft.categoryCount
        reportCount = draft.reportCount
        pageCount = draft.pageCount
        pagesToRender = draft.pagesToRender
        unchanged = draft.changes.isEmpty
        reports = Changes(draft.changes.reports)
        categories = Changes(draft.changes.categories)
        leftOut = draft.leftOut.map { ReportImportLeftOutDTO($0, localizer: localizer) }
    }
}

/// The library an undo brought back.
struct ReportLibraryRestoredDTO: Content {
    /// nil when the undone import was the first: the library is empty again.
    @NullEncoded var title: String?
    let categories: Int
    let reports: Int
    let pages: Int

    init(_ snapshot: ReportLibrarySnapshot) {
        title = snapshot.library?.title
        categories = snapshot.categories.count
        reports = snapshot.reports.count
        pages = snapshot.library?.pageCount ?? 0
    }
}
