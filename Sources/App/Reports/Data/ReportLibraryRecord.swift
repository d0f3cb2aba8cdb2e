import Fluent
import Foundation

/// The library itself (`report_libraries`, one row, id `main`): its title and last import.
final class ReportLibraryRecord: Model, @unchecked Sendable {
    static let schema = "report_libraries"
    static let mainID = "main"

    @ID(custom: "id", generatedBy: .user) var id: String?
    @Field(key: "title") var title: String
    @Field(key: "imported_at") var importedAt: Date
    @Field(key: "report_count") var reportCount: Int
    @Field(key: "page_count") var pageCount: Int

    init() {}

    init(title: String, importedAt: Date, reportCount: Int, pageCount: Int) {
        id = Self.mainID
        self.title = title
        self.importedAt = importedAt
        self.reportCount = reportCount
        self.pageCount = pageCount
    }
}
