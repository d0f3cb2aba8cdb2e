import Fluent
import Foundation
import KineticCore
import SQLKit

/// Reads the report library — every signed-in user sees the same one — as values for pages
/// and DTOs.
struct ReportsRepository {
    let database: any Database
    /// The category tree kept between requests (the application's, or a new one).
    var trees = CategoryTreeCache()

    /// The most search results answered.
    static let searchLimit = 50

    func library() async throws -> ReportLibraryInfo? {
        guard let row = try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: database) else { return nil }
        return ReportLibraryInfo(title: row.title, reportCount: row.reportCount, pageCount: row.pageCount, importedAt: row.importedAt)
    }

    /// The level of `categoryID` (nil for the root), or nil when there is no such category.
    ///
    /// The bubbles' read on every visit: the library's row, the tree kept since it last changed,
    /// and the level's reports as columns (not models: building a Fluent model reflects over its
    /// properties for each row).
    func level(_ categoryID: String?) async throws -> ReportLevel? {
        let stamp = try await ReportLibraryStamp.read(on: database)
        let tree = try await trees.tree(for: stamp, on: database)
        if let categoryID, tree.byID[categoryID] == nil { return nil }
        let query = try database.sql().select()
            .columns("id", "title", "summary", "date", "keywords", "page_count", "category_id", "stored_folder", "language")
            .from(ReportRecord.schema)
        if let categoryID { query.where("category_id", .equal, categoryID) } else { query.where("category_id", .is, SQLLiteral.null) }
        let reports = try await query.orderBy("position").all().map { row in
            ReportSummary(
                id: try row.decode(column: "id", as: String.self), title: try row.decode(column: "title", as: String.self),
                summary: try row.decode(column: "summary", as: String?.self),
                date: try row.decode(column: "date", as: String?.self).flatMap(LocalDate.init),
                keywords: ReportRecord.keywords(fromJSON: try row.decode(column: "keywords", as: String.self)),
                pageCount: try row.decode(column: "page_count", as: Int.self),
                categoryID: try row.decode(column: "category_id", as: String?.self),
                filesVersion: ReportRecord.filesVersion(ofFolder: try row.decode(column: "stored_folder", as: String.self)),
                language: try row.decode(column: "language", as: String?.self)
            )
        }
        return ReportLevel(
            libraryTitle: stamp?.title ?? "", libraryLanguage: stamp?.language,
            category: categoryID.map { tree.summary(of: $0) },
            trail: categoryID.map { tree.trail(to: $0).dropLast() }.map(Array.init) ?? [],
            categories: tree.children(of: categoryID).map { tree.summary(of: $0) },
            reports: reports
        )
    }

    /// The tree of the library as it is now.
    private func currentTree() async throws -> CategoryTree {
        try await trees.tree(for: ReportLibraryStamp.read(on: database), on: database)
    }

    /// Every report in the level of `categoryID` and below it, each with its trail, in the
    /// order a walk of the tree meets them.
    func reports(under categoryID: String?) async throws -> [(report: ReportSummary, trail: [ReportCrumb])]? {
        let tree = try await currentTree()
        if let categoryID, tree.byID[categoryID] == nil { return nil }
        let levels = [categoryID] + tree.descendants(of: categoryID).map(Optional.some)
        let order = Dictionary(levels.enumerated().map { ($0.element ?? "", $0.offset) }, uniquingKeysWith: { first, _ in first })
        var query = ReportRecord.query(on: database)
        if categoryID != nil { query = query.filter(\.$categoryID ~~ levels.compactMap { $0 }) }
        let records = try await query.all().sorted {
            (order[$0.categoryID ?? ""] ?? 0, $0.position) < (order[$1.categoryID ?? ""] ?? 0, $1.position)
        }
        return try records.map { (try $0.summaryValue(), $0.categoryID.map { tree.trail(to: $0) } ?? []) }
    }

    /// The report with `id` and its trail, or nil.
    func report(_ id: String) async throws -> ReportDetails? {
        guard let record = try await ReportRecord.find(id, on: database) else { return nil }
        var trail: [ReportCrumb] = []
        if let categoryID = record.categoryID { trail = try await currentTree().trail(to: categoryID) }
        return ReportDetails(
            summary: try record.summaryValue(), trail: trail, fileName: record.fileName, byteCount: record.byteCount,
            pageWidth: record.pageWidth, pageHeight: record.pageHeight, storedFolder: record.storedFolder,
            recognisedPages: record.recognisedPages
        )
    }

    /// The reports matching what someone typed, best first; none when it names nothing to
    /// look for.
    func search(_ text: String) async throws -> ReportSearchResults {
        guard let query = ReportSearchQuery(text) else { return .none }
        return try await search(query)
    }

    /// The reports matching `query`, best first, with their pages and snippets.
    func search(_ query: ReportSearchQuery, limit: Int = Self.searchLimit) async throws -> ReportSearchResults {
        // One transaction: SQLite's search asks in several statements, which must see the same
        // index when an import commits in between.
        let found = try await database.transaction { database in
            try await ReportSearchIndex.search(query, limit: limit, on: database.sql())
        }
        let highlight = query.highlightedWords.flatMap { [$0] + (found.corrections[$0] ?? []) + (found.spellings[$0] ?? []) }
        let find = query.readerFind(alternatives: found.corrections.merging(found.spellings) { $0 + $1 })
        let hits = found.hits
        guard !hits.isEmpty else {
            return ReportSearchResults(results: [], corrections: found.corrections, highlight: highlight, find: find)
        }
        let records = try await ReportRecord.query(on: database).filter(\.$id ~~ hits.map(\.reportID)).all()
        let byID = Dictionary(records.compactMap { record in record.id.map { ($0, record) } }, uniquingKeysWith: { first, _ in first })
        let tree = try await currentTree()
        let results = try hits.compactMap { hit -> ReportSearchResult? in
            guard let record = byID[hit.reportID] else { return nil }
            return ReportSearchResult(
                report: try record.summaryValue(), trail: record.categoryID.map { tree.trail(to: $0) } ?? [],
                snippet: Self.parts(of: hit.snippet), snippetPage: hit.snippetPage, pages: hit.pages, pageMatchCount: hit.pageCount
            )
        }
        return ReportSearchResults(results: results, corrections: found.corrections, highlight: highlight, find: find)
    }

    /// The pages of report `id` that have text, for find in it (``ReportFind``).
    func pageTexts(of id: String) async throws -> [ReportPageText.Stored] {
        let sql = try database.sql()
        return try await ReportSearchIndex.engine(for: sql).pageTexts(of: id, on: sql)
    }

    /// A snippet's marked hits as alternating parts.
    static func parts(of snippet: String) -> [ReportSearchResult.SnippetPart] {
        var parts: [ReportSearchResult.SnippetPart] = []
        var rest = Substring(snippet)
        while let start = rest.range(of: ReportSearchIndex.hitStart) {
            if start.lowerBound > rest.startIndex { parts.append(.init(text: String(rest[..<start.lowerBound]), isHit: false)) }
            rest = rest[start.upperBound...]
            let end = rest.range(of: ReportSearchIndex.hitEnd)
            parts.append(.init(text: String(rest[..<(end?.lowerBound ?? rest.endIndex)]), isHit: true))
            rest = end.map { rest[$0.upperBound...] } ?? rest[rest.endIndex...]
        }
        if !rest.isEmpty { parts.append(.init(text: String(rest), isHit: false)) }
        return parts.map { .init(text: $0.text.replacingOccurrences(of: ReportSearchIndex.hitEnd, with: ""), isHit: $0.isHit) }
    }
}

extension ReportRecord {
    func summaryValue() throws -> ReportSummary {
        ReportSummary(
            id: try requireID(), title: title, summary: summary, date: date.flatMap(LocalDate.init),
            keywords: keywords, pageCount: pageCount, categoryID: categoryID,
            filesVersion: Self.filesVersion(ofFolder: storedFolder), language: language
        )
    }

    /// What changes a report's file addresses when its files do: the start of its folder's name.
    static func filesVersion(ofFolder storedFolder: String) -> String {
        String(storedFolder.filter { $0 != "-" }.prefix(12))
    }
}
