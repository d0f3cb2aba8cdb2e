import Fluent

/// `report_library_previous`: the library before the last import, for its undo.
struct AddPreviousReportLibrary: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(PreviousReportLibraryRecord.schema)
            .field("id", .string, .identifier(auto: false))
            .field("snapshot", .string, .required)
            .field("replaced_at", .datetime, .required)
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(PreviousReportLibraryRecord.schema).delete()
    }
}
