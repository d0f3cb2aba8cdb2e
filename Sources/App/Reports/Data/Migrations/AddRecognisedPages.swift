import Fluent

/// `reports.recognised_pages`: how many of a report's pages had no text and were recognised
/// by OCR at import (0 for reports imported before).
struct AddRecognisedPages: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(ReportRecord.schema).field("recognised_pages", .int, .required, .sql(.default(0))).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(ReportRecord.schema).deleteField("recognised_pages").update()
    }
}
