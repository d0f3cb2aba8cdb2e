import Fluent
import Foundation
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// Every category and how many reports each holds, as of one state of the library (a library
/// has at most a few thousand categories), for trails, child lists and counts below a category.
struct CategoryTree: Sendable {
    struct Category: Sendable {
        let title: String
        let summary: String?
        let parentID: String?
        let language: String?
    }

    let byID: [String: Category]
    private let childrenByParent: [String: [String]]
    private let directReports: [String: Int]

    /// Reads the categories and the number of reports in each: a scan of both tables, which
    /// ``CategoryTreeCache`` does once per change of the library.
    static func read(on database: any Database) async throws -> CategoryTree {
        let sql = try database.sql()
        let rows = try await sql.select().columns("id", "title", "summary", "parent_id", "language").from(ReportCategoryRecord.schema)
            .orderBy("position").all()
        var byID: [String: Category] = [:], children: [String: [String]] = [:]
        for row in rows {
            let id = try row.decode(column: "id", as: String.self), parentID = try row.decode(column: "parent_id", as: String?.self)
            byID[id] = Category(
                title: try row.decode(column: "title", as: String.self), summary: try row.decode(column: "summary", as: String?.self),
                parentID: parentID, language: try row.decode(column: "language", as: String?.self))
            children[parentID ?? "", default: []].append(id)
        }
        var direct: [String: Int] = [:]
        for row in try await sql.raw("SELECT category_id, COUNT(*) AS reports FROM reports GROUP BY category_id").all() {
            direct[try row.decode(column: "category_id", as: String?.self) ?? "", default: 0] += try row.decode(
                column: "reports", as: Int.self)
        }
        return CategoryTree(byID: byID, childrenByParent: children, directReports: direct)
    }

    /// The categories directly under `parentID` (nil for the root), in order.
    func children(of parentID: String?) -> [String] {
        childrenByParent[parentID ?? ""] ?? []
    }

    /// Every category below `parentID`, parents before children.
    func descendants(of parentID: String?) -> [String] {
        children(of: parentID).flatMap { [$0] + descendants(of: $0) }
    }

    /// The categories from the root's down to `id` itself.
    func trail(to id: String) -> [ReportCrumb] {
        var trail: [ReportCrumb] = []
        var current: String? = id
        while let step = current, let category = byID[step], trail.count <= 64 {
            trail.insert(ReportCrumb(id: step, title: category.title, language: category.language), at: 0)
            current = category.parentID
        }
        return trail
    }

    func summary(of id: String) -> ReportCategorySummary {
        let category = byID[id]
        let below = [id] + descendants(of: id)
        return ReportCategorySummary(
            id: id, title: category?.title ?? id, summary: category?.summary,
            categoryCount: children(of: id).count, reportCount: below.reduce(0) { $0 + (directReports[$1] ?? 0) },
            language: category?.language
        )
    }
}

/// The library's row as a request reads it first: its title, and what tells one state of the
/// library from another. Categories and reports change only with this row: an import stores a
/// new one, an undo puts back the one from before with the library from before.
struct ReportLibraryStamp: Hashable, Sendable {
    let title: String
    let importedAt: Date
    let reportCount: Int
    let pageCount: Int
    let language: String?

    /// The row, or nil before the first import.
    static func read(on database: any Database) async throws -> ReportLibraryStamp? {
        guard
            let row = try await database.sql().select().columns("title", "imported_at", "report_count", "page_count", "language")
                .from(ReportLibraryRecord.schema).where("id", .equal, ReportLibraryRecord.mainID).first()
        else { return nil }
        return ReportLibraryStamp(
            title: try row.decode(column: "title", as: String.self), importedAt: try row.decode(column: "imported_at", as: Date.self),
            reportCount: try row.decode(column: "report_count", as: Int.self),
            pageCount: try row.decode(column: "page_count", as: Int.self),
            language: try row.decode(column: "language", as: String?.self)
        )
    }
}

/// The category tree of the library's last state, kept between requests, so that a level of
/// the bubbles costs two small queries rather than a scan of every category and report. Each
/// use reads the library's row (``ReportLibraryStamp``) and the tree again only when the row
/// differs from the one the tree was read with; on PostgreSQL an import by another instance is
/// seen by the next request.
final class CategoryTreeCache: Sendable {
    private let kept = NIOLockedValueBox<(stamp: ReportLibraryStamp, tree: CategoryTree)?>(nil)

    init() {}

    /// The tree of the library as `stamp` says it is.
    func tree(for stamp: ReportLibraryStamp?, on database: any Database) async throws -> CategoryTree {
        guard let stamp else { return try await CategoryTree.read(on: database) }
        if let kept = kept.withLockedValue({ $0 }), kept.stamp == stamp { return kept.tree }
        let tree = try await CategoryTree.read(on: database)
        // Kept only when the library did not change while it was read: an import committed in
        // between would otherwise be kept under the stamp from before it.
        if try await ReportLibraryStamp.read(on: database) == stamp { kept.withLockedValue { $0 = (stamp, tree) } }
        return tree
    }
}

extension Application {
    private struct CategoryTreeCacheKey: StorageKey { typealias Value = CategoryTreeCache }

    /// This instance's category tree of the report library (``CategoryTreeCache``).
    var reportCategoryTrees: CategoryTreeCache {
        get { storage.configured(CategoryTreeCacheKey.self, "the report category tree") }
        set { storage[CategoryTreeCacheKey.self] = newValue }
    }
}
