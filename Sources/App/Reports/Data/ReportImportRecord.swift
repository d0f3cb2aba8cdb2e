import Fluent
import Foundation

/// An uploaded library on its way in (`report_imports`), shared by every instance: waiting for
/// an administrator to confirm it (``ReportImportDraft``, with its zip kept in the media store
/// under ``ReportImportJob/zipKey(_:)``), then imported by a job on whichever instance is free,
/// its ``ReportImportStatus`` rewritten as it goes. One waits at a time: a new upload replaces
/// it. Rows of ended imports stay, so their status can still be read.
final class ReportImportRecord: Model, @unchecked Sendable {
    static let schema = "report_imports"

    enum State: String, Codable, Sendable {
        case waiting, importing, ended
    }

    /// The draft's id, which its import keeps.
    @ID(custom: "id", generatedBy: .user) var id: UUID?
    @Field(key: "state") var state: State
    /// The ``ReportImportDraft`` as JSON.
    @Field(key: "draft") var draft: String
    /// The ``ReportImportStatus`` as JSON, once confirmed.
    @OptionalField(key: "status") var status: String?
    /// The job importing it, once confirmed.
    @OptionalField(key: "job_id") var jobID: UUID?
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(_ draft: ReportImportDraft) throws {
        id = draft.id
        state = .waiting
        self.draft = String(decoding: try JSONEncoder().encode(draft), as: UTF8.self)
        createdAt = draft.createdAt
    }

    /// The draft it holds; nil when it cannot be read (written by a later version).
    var decodedDraft: ReportImportDraft? {
        try? JSONDecoder().decode(ReportImportDraft.self, from: Data(draft.utf8))
    }

    /// The status it holds, once confirmed.
    var decodedStatus: ReportImportStatus? {
        status.flatMap { try? JSONDecoder().decode(ReportImportStatus.self, from: Data($0.utf8)) }
    }
}

/// `report_imports`: uploaded libraries waiting for confirmation and imports as they run.
struct CreateReportImports: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ReportImportRecord.schema)
            .field("id", .uuid, .identifier(auto: false))
            .field("state", .string, .required)
            .field("draft", .string, .required)
            .field("status", .string)
            .field("job_id", .uuid)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql().create(index: "report_imports_state").on(ReportImportRecord.schema).column("state").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ReportImportRecord.schema).delete()
    }
}
