import Fluent
import Foundation
import KineticCore

extension ReportLibraryImporter {
    /// Writes the library in one transaction: the title, every category (rewritten), every
    /// report (added, updated in place, or removed when no longer listed) and the search index.
    /// Each prepared report's text is read from `staging` (``PreparedFile/textForIndex(in:)``).
    /// First it checks that the library is still the one `basis` names (another import, on this
    /// instance or another, may have come first: 409), and when `keepingPrevious`, the library
    /// as it was becomes the previous one.
    func store(
        _ library: ReportLibrary, checked: [String: CheckedFile], prepared: [String: PreparedFile], staging: URL,
        existing: [String: ReportRecord], basis: LibraryVersion, keepingPrevious: Bool, now: Date
    ) async throws -> Summary {
        var summary = Summary()
        summary.categories = library.categories.count
        summary.reports = library.reports.count
        summary.rendered = prepared.count
        summary.pages = library.reports.reduce(0) { $0 + checked[$1.id]!.info.pages }
        summary.pagesRendered = prepared.keys.reduce(0) { $0 + checked[$1]!.pagesDrawnAtImport }
        summary.pagesRecognised = prepared.values.reduce(0) { $0 + $1.recognisedPages }
        let listed = Set(library.reports.map(\.id))
        let removed = existing.keys.filter { !listed.contains($0) }.sorted()
        summary.removed = removed.count
        let reportCount = summary.reports, pageCount = summary.pages
        let changes = try await database.writeTransaction { database -> (added: Int, updated: Int) in
            var added = 0, updated = 0
            let encoder = JSONEncoder()
            let sql = try database.sql()
            try await ReportLibraryRecord.lockForWriting(on: database)
            let current = try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: database)
            guard LibraryVersion(importedAt: current?.importedAt) == basis else { throw Self.libraryChanged }
            if keepingPrevious {
                let snapshot = try await ReportLibrarySnapshot.read(on: database, keepingTextsIn: files)
                try await PreviousReportLibraryRecord.keep(snapshot, replacedAt: now, on: database)
            }
            let languages = Self.languages(of: library, prepared: prepared, existing: existing)
            let row = current ?? ReportLibraryRecord(title: library.title, importedAt: now, reportCount: 0, pageCount: 0)
            row.title = library.title
            row.language = languages.library
            row.importedAt = now
            row.reportCount = reportCount
            row.pageCount = pageCount
            try await row.save(on: database)

            try await ReportCategoryRecord.query(on: database).delete()
            for category in library.categories {
                try await ReportCategoryRecord(
                    id: category.id, title: category.title, summary: category.summary,
                    parentID: category.parentID, position: category.position, depth: category.depth,
                    language: languages.categories[category.id]
                ).create(on: database)
            }

            if !removed.isEmpty {
                try await ReportRecord.query(on: database).filter(\.$id ~~ removed).delete()
                try await ReportSearchIndex.remove(removed, on: sql)
            }
            for report in library.reports {
                let file = checked[report.id]!
                let keywords = report.keywords(with: file)
                let record = existing[report.id] ?? ReportRecord()
                if record.id == nil { record.id = report.id }
                let before = existing[report.id].map(\.listing)
                record.title = report.title
                record.summary = report.summary
                record.date = report.date?.description
                record.keywordsJSON = String(decoding: try encoder.encode(keywords), as: UTF8.self)
                record.categoryID = report.categoryID
                record.position = report.position
                record.fileName = report.fileName
                record.language = languages.reports[report.id]
                if let ready = prepared[report.id] {
                    record.storedFolder = ready.storedFolder
                    record.sha256 = file.sha256
                    record.byteCount = ready.byteCount
                    record.recognisedPages = ready.recognisedPages
                    record.pageCount = file.info.pages
                    record.pageWidth = ready.pageWidth
                    record.pageHeight = ready.pageHeight
                    record.importedAt = now
                }
                if before == nil { added += 1 } else if before != record.listing { updated += 1 }
                try await record.save(on: database)
                if let ready = prepared[report.id] {
                    // Read a batch of pages at a time, from staging.
                    let text = ReportText.file(ready.textForIndex(in: staging))
                    try await ReportSearchIndex.put(
                        ReportSearchIndex.Entry(reportID: report.id, title: report.title, keywords: keywords, body: text), on: sql)
                } else {
                    try await ReportSearchIndex.retitle(report.id, title: report.title, keywords: keywords, on: sql)
                }
            }
            try await ReportSearchIndex.refreshWords(on: sql)
            return (added, updated)
        }
        summary.added = changes.added
        summary.updated = changes.updated
        return summary
    }
}

extension ReportLibraryImporter {
    /// The language of each report (the datasource's for it, else the library's, else told from
    /// a newly rendered text, else what it was), of each category and of the library's title
    /// (``ReportLibrary/languages(ofCategoriesWith:)``).
    static func languages(
        of library: ReportLibrary, prepared: [String: PreparedFile], existing: [String: ReportRecord]
    ) -> (reports: [String: String], categories: [String: String], library: String?) {
        var reports: [String: String] = [:]
        for report in library.reports {
            reports[report.id] =
                report.language ?? library.language ?? prepared[report.id]?.detectedLanguage
                ?? existing[report.id]?.language
        }
        let categories = library.languages(ofCategoriesWith: reports)
        return (reports, categories, library.language ?? TextLanguage.mostCommon(library.reports.map { reports[$0.id] }))
    }
}

extension ReportRecord {
    /// The report as the preview of an import compares it (``ReportLibraryChanges``).
    var changeItem: ReportLibraryChanges.Item {
        ReportLibraryChanges.Item(
            id: id ?? "", title: title,
            contents: [summary, date, keywords.joined(separator: "\n"), categoryID, String(position), fileName, sha256])
    }

    /// What a re-import may change, to tell an updated report from an unchanged one.
    fileprivate var listing: [String?] {
        [title, summary, date, keywordsJSON, categoryID, String(position), fileName, storedFolder]
    }
}

extension ReportLibrary.Report {
    /// Its PDF's name without folders, as stored and offered on download.
    var fileName: String { String(file.split(separator: "/").last ?? Substring(file)) }

    /// Its keywords as stored: the datasource's, then the PDF's own.
    func keywords(with file: ReportLibraryImporter.CheckedFile) -> [String] {
        ReportKeywords.merged(keywords, file.info.keywords.map(ReportKeywords.split) ?? [])
    }

    /// The report as it would be stored from `file`, for comparing with ``ReportRecord/changeItem``.
    func changeItem(file: ReportLibraryImporter.CheckedFile) -> ReportLibraryChanges.Item {
        let keywords = keywords(with: file)
        return ReportLibraryChanges.Item(
            id: id, title: title,
            contents: [summary, date?.description, keywords.joined(separator: "\n"), categoryID, String(position), fileName, file.sha256])
    }
}

extension ReportCategoryRecord {
    var changeItem: ReportLibraryChanges.Item {
        ReportLibraryChanges.Item(id: id ?? "", title: title, contents: [summary, parentID, String(position)])
    }
}

extension ReportLibrary.Category {
    var changeItem: ReportLibraryChanges.Item {
        ReportLibraryChanges.Item(id: id, title: title, contents: [summary, parentID, String(position)])
    }
}
