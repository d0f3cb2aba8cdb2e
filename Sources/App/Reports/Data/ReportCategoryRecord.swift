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
    /// The language its title is in: the library's, else the one most reports in it are in.
    @OptionalField(key: "language") var language: String?

    init() {}

    init(id: String, title: String, summary: String?, parentID: String?, position: Int, depth: Int, language: String? = nil) {
        self.language = language
        self.id = id
        self.title = title
        self.summary = summary
        self.parentID = parentID
        self.position = position
        self.depth = depth
    }
}
