import Fluent
import Foundation

/// One finished Apple Health import: what it read and which days it covered, written in the
/// import's own transaction so a rolled-back import leaves no row.
final class StepImportRecord: Model, @unchecked Sendable {
    static let schema = "step_imports"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "imported_at") var importedAt: Date
    @Field(key: "records_read") var recordsRead: Int
    @Field(key: "step_samples") var stepSamples: Int
    @Field(key: "samples_skipped") var samplesSkipped: Int
    @Field(key: "days_updated") var daysUpdated: Int
    @Field(key: "days_added") var daysAdded: Int
    @Field(key: "days_changed") var daysChanged: Int
    @Field(key: "samples_removed") var samplesRemoved: Int
    /// `yyyy-MM-dd` of the first and last day its step samples touch; nil when it had none.
    @OptionalField(key: "first_day") var firstDay: String?
    @OptionalField(key: "last_day") var lastDay: String?

    init() {}
}
