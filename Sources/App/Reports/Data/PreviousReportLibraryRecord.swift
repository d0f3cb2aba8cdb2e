import Fluent
import Foundation

/// The library as it was before the last import (`report_library_previous`, one row, id
/// `main`), so one step undoes an import: its rows as a ``ReportLibrarySnapshot`` in JSON. The
/// report folders it names (with their texts) are kept on disk while it does.
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

extension PreviousReportLibraryRecord {
    /// The row and the library it holds; nil when there is none. The library is nil when the
    /// snapshot cannot be read (written by a later version, damaged): there is no previous
    /// library to bring back then, and it blocks nothing.
    static func find(on database: any Database) async throws -> (record: PreviousReportLibraryRecord, library: ReportLibrarySnapshot?)? {
        try await find(mainID, on: database).map { record in
            (record, try? JSONDecoder().decode(ReportLibrarySnapshot.self, from: Data(record.snapshot.utf8)))
        }
    }

    /// Keeps `library` as the previous one.
    static func keep(_ library: ReportLibrarySnapshot, replacedAt: Date, on database: any Database) async throws {
        let snapshot = String(decoding: try JSONEncoder().encode(library), as: UTF8.self)
        let record = try await find(mainID, on: database) ?? PreviousReportLibraryRecord(snapshot: snapshot, replacedAt: replacedAt)
        record.snapshot = snapshot
        record.replacedAt = replacedAt
        try await record.save(on: database)
    }
}
