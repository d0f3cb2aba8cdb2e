import Fluent
import Foundation
import SQLKit

/// The library itself (`report_libraries`, one row, id `main`): its title and last import.
final class ReportLibraryRecord: Model, @unchecked Sendable {
    static let schema = "report_libraries"
    static let mainID = "main"

    @ID(custom: "id", generatedBy: .user) var id: String?
    @Field(key: "title") var title: String
    @Field(key: "imported_at") var importedAt: Date
    @Field(key: "report_count") var reportCount: Int
    @Field(key: "page_count") var pageCount: Int
    /// The language of its title: the datasource's, else the one most reports are in.
    @OptionalField(key: "language") var language: String?

    init() {}

    init(title: String, importedAt: Date, reportCount: Int, pageCount: Int) {
        id = Self.mainID
        self.title = title
        self.importedAt = importedAt
        self.reportCount = reportCount
        self.pageCount = pageCount
    }
}

extension ReportLibraryRecord {
    /// Takes the library for writing, in a transaction, before anything in it is read: on
    /// PostgreSQL the row stays locked until the commit, so a second writer waits and then sees
    /// this one; SQLite takes its one write lock now (waiting its busy timeout), where a read
    /// first would begin a snapshot that a commit elsewhere (an import's own progress) makes
    /// unwritable: "database is locked".
    static func lockForWriting(on database: any Database) async throws {
        try await database.sql().raw("UPDATE \(ident: schema) SET id = id WHERE id = \(bind: mainID)").run()
    }
}
