import Fluent
import Foundation
import SQLKit

/// The whole library as the database holds it: the library row, every category and every
/// report; each report's search text stays in its folder (``ReportFiles/text(in:)``). An import
/// keeps the one it replaces as the previous library (``PreviousReportLibraryRecord``); undoing
/// the import restores it and keeps the undone one in its place, so a second undo brings the
/// import back.
struct ReportLibrarySnapshot: Codable, Equatable {
    struct Library: Codable, Equatable {
        var title: String
        var importedAt: Date
        var reportCount: Int
        var pageCount: Int
        /// Absent from libraries kept before languages were (as are the two below).
        var language: String?
    }

    struct Category: Codable, Equatable {
        var id: String
        var title: String
        var summary: String?
        var parentID: String?
        var position: Int
        var depth: Int
        var language: String?
    }

    struct Report: Codable, Equatable {
        var id: String
        var title: String
        var summary: String?
        var date: String?
        var keywordsJSON: String
        var categoryID: String?
        var position: Int
        var fileName: String
        var storedFolder: String
        var sha256: String
        var byteCount: Int
        var pageCount: Int
        var pageWidth: Int
        var pageHeight: Int
        var importedAt: Date
        /// Absent from libraries kept before OCR came (none were recognised then).
        var recognisedPages: Int?
        var language: String?
    }

    /// nil before the first import.
    var library: Library?
    var categories: [Category]
    var reports: [Report]

    /// The report folders it needs on disk.
    var storedFolders: Set<String> { Set(reports.map(\.storedFolder)) }

    /// The library as `database` holds it now. With `files`, each report's folder is made to
    /// hold its indexed text (folders rendered before texts were kept there get it from the index).
    static func read(on database: any Database, keepingTextsIn files: ReportFiles? = nil) async throws -> Self {
        let library = try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: database)
        let categories = try await ReportCategoryRecord.query(on: database).sort(\.$depth).sort(\.$position).all()
        let reports = try await ReportRecord.query(on: database).all()
        if let files {
            var missing: [ReportRecord] = []
            for report in reports where try await !files.store.exists(files.text(in: report.storedFolder)) { missing.append(report) }
            if !missing.isEmpty {
                let bodies = try await ReportSearchIndex.bodies(on: database.sql())
                for report in missing {
                    try await files.store.write(
                        Data((bodies[report.id ?? ""] ?? "").utf8), as: files.text(in: report.storedFolder),
                        contentType: MediaKey.contentType(ofName: "text.txt"))
                }
            }
        }
        return Self(
            library: library.map {
                Library(
                    title: $0.title, importedAt: $0.importedAt, reportCount: $0.reportCount, pageCount: $0.pageCount, language: $0.language)
            },
            categories: categories.map {
                Category(
                    id: $0.id ?? "", title: $0.title, summary: $0.summary, parentID: $0.parentID, position: $0.position, depth: $0.depth,
                    language: $0.language)
            },
            reports: reports.map(Report.init)
        )
    }

    /// Makes this the library in `database`, replacing every row there and indexing each
    /// report's text from its folder; run it in a transaction.
    func restore(on database: any Database, textsFrom files: ReportFiles) async throws {
        let sql = try database.sql()
        try await ReportSearchIndex.removeAll(on: sql)
        try await ReportRecord.query(on: database).delete()
        try await ReportCategoryRecord.query(on: database).delete()
        try await ReportLibraryRecord.query(on: database).delete()
        if let library {
            let row = ReportLibraryRecord(
                title: library.title, importedAt: library.importedAt, reportCount: library.reportCount, pageCount: library.pageCount)
            row.language = library.language
            try await row.create(on: database)
        }
        for category in categories {
            try await ReportCategoryRecord(
                id: category.id, title: category.title, summary: category.summary, parentID: category.parentID,
                position: category.position, depth: category.depth, language: category.language
            ).create(on: database)
        }
        for report in reports {
            let record = report.record
            try await record.create(on: database)
            try await files.withStoredText(in: report.storedFolder) { text in
                try await ReportSearchIndex.put(
                    ReportSearchIndex.Entry(reportID: report.id, title: report.title, keywords: record.keywords, body: text), on: sql)
            }
        }
        try await ReportSearchIndex.refreshWords(on: sql)
    }
}

extension ReportLibrarySnapshot.Report {
    init(_ record: ReportRecord) {
        self.init(
            id: record.id ?? "", title: record.title, summary: record.summary, date: record.date, keywordsJSON: record.keywordsJSON,
            categoryID: record.categoryID, position: record.position, fileName: record.fileName, storedFolder: record.storedFolder,
            sha256: record.sha256, byteCount: record.byteCount, pageCount: record.pageCount, pageWidth: record.pageWidth,
            pageHeight: record.pageHeight, importedAt: record.importedAt, recognisedPages: record.recognisedPages,
            language: record.language)
    }

    var record: ReportRecord {
        let record = ReportRecord()
        record.id = id
        record.title = title
        record.summary = summary
        record.date = date
        record.keywordsJSON = keywordsJSON
        record.categoryID = categoryID
        record.position = position
        record.fileName = fileName
        record.storedFolder = storedFolder
        record.sha256 = sha256
        record.byteCount = byteCount
        record.pageCount = pageCount
        record.pageWidth = pageWidth
        record.pageHeight = pageHeight
        record.importedAt = importedAt
        record.recognisedPages = recognisedPages ?? 0
        record.language = language
        return record
    }
}
