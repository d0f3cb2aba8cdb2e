import Fluent
import Foundation

/// What a person counted anyway of what was set aside (``StepPlausibility``): a sample (its
/// source, period and steps) or a whole day over the daily maximum (`date`).
final class StepCountedAnywayRecord: Model, @unchecked Sendable {
    static let schema = "step_counted_anyway"

    @ID(custom: .id, generatedBy: .database) var id: Int?
    @Parent(key: "user_id") var user: User
    /// `yyyy-MM-dd` of a day counted anyway; nil for a sample.
    @OptionalField(key: "date") var date: String?
    @OptionalField(key: "source_name") var sourceName: String?
    @OptionalField(key: "start_at") var startAt: Double?
    @OptionalField(key: "end_at") var endAt: Double?
    @OptionalField(key: "value") var value: Double?

    init() {}
}

/// The `step_counted_anyway` table.
struct CreateStepCountedAnyway: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(StepCountedAnywayRecord.schema)
            .field(.id, .int, .identifier(auto: true))
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("date", .string)
            .field("source_name", .string)
            .field("start_at", .double)
            .field("end_at", .double)
            .field("value", .double)
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(StepCountedAnywayRecord.schema).delete()
    }
}
