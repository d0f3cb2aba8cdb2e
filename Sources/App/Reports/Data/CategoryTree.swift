import Fluent
import Foundation

/// Every category and how many reports each holds, read at once (a library has at most a few
/// thousand categories), for trails, child lists and counts below a category.
struct CategoryTree {
    let byID: [String: ReportCategoryRecord]
    private let childrenByParent: [String: [String]]
    private let directReports: [String: Int]

    init(database: any Database) async throws {
        let categories = try await ReportCategoryRecord.query(on: database).sort(\.$position).all()
        byID = Dictionary(categories.compactMap { category in category.id.map { ($0, category) } }, uniquingKeysWith: { first, _ in first })
        var children: [String: [String]] = [:]
        for category in categories { if let id = category.id { children[category.parentID ?? "", default: []].append(id) } }
        childrenByParent = children
        struct Count: Decodable {
            let category_id: String?
            let reports: Int
        }
        let counts = try await database.sql().raw("SELECT category_id, COUNT(*) AS reports FROM reports GROUP BY category_id")
            .all(decoding: Count.self)
        directReports = Dictionary(counts.map { ($0.category_id ?? "", $0.reports) }, uniquingKeysWith: +)
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
            trail.insert(ReportCrumb(id: step, title: category.title), at: 0)
            current = category.parentID
        }
        return trail
    }

    func summary(of id: String) -> ReportCategorySummary {
        let category = byID[id]
        let below = [id] + descendants(of: id)
        return ReportCategorySummary(
            id: id, title: category?.title ?? id, summary: category?.summary,
            categoryCount: children(of: id).count, reportCount: below.reduce(0) { $0 + (directReports[$1] ?? 0) }
        )
    }
}
