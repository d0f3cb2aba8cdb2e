import Fluent
import Foundation

/// A category of the report library (`report_categories`), keyed by its datasource id.
final class ReportCategoryRecord: Model, @unchecked Sendable {
    static let schema = "report_categories"

    @ID(custom: "id", generatedBy: .user) var id: String?
    @Field(key: "title") var title: String
    @OptionalField(key: "summary") var summary: String?
    /// The category listing this one; nil when the root does.
    @OptionalField(key: "parent_id") var parentID: String?
    @Field(key: "position") var position: Int
    @Field(key: "depth") var depth: Int

    init() {}

    init(id: String, title: String, summary: String?, parentID: String?, position: Int, depth: Int) {
        self.id = id
        self.title = title
        self.summary = summary
        self.parentID = parentID
        self.position = position
        self.depth = depth
    }
}
