import Fluent
import Foundation

/// The library as it was before the last import (`report_library_previous`, one row, id
/// `main`), so one step undoes an import: its rows and search texts as a
/// ``ReportLibrarySnapshot`` in JSON. The report folders it names are kept on disk while it does.
final class PreviousReportLibraryRecord: Model, @unchecked Sendable {
    static let schema = "report_library_previous"
    static let mainID = "main"

    @ID(custom: "id", generatedBy: .user) var id: String?
    /// The ``ReportLibrarySnapshot`` as JSON.
    @Field(key: "snapshot") var snapshot: String
    /// When it stopped being the library.
    @Field(key: "replaced_at") var replacedAt: Date

    init() {}

    init(snapshot: String, replacedAt: Date) {
        id = Self.mainID
        self.snapshot = snapshot
        self.replacedAt = replacedAt
    }
}
