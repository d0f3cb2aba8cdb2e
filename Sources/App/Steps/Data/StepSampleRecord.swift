import Fluent
import Foundation

/// A stored step sample: the source of truth the Steps chart reads. Times are seconds since
/// 1970 (UTC); `local_day` is the day number of the sample's start in its own offset, so a
/// month's samples are found through an index.
final class StepSampleRecord: Model, @unchecked Sendable {
    static let schema = "step_samples"

    /// A number from the database: cheaper than a UUID for rows imported by the hundred thousand.
    @ID(custom: .id, generatedBy: .database) var id: Int?
    @Parent(key: "user_id") var user: User
    @Field(key: "source_name") var sourceName: String
    @Field(key: "source_kind") var sourceKind: Int
    @Field(key: "start_at") var startAt: Double
    @Field(key: "end_at") var endAt: Double
    @Field(key: "utc_offset") var utcOffset: Int
    @Field(key: "value") var value: Double
    @Field(key: "local_day") var localDay: Int
    /// How it arrived (``StepChannel``'s raw value).
    @Field(key: "channel") var channel: Int
    /// The import or push that last stored it (nil: stored before deliveries were numbered).
    @OptionalField(key: "delivery") var delivery: Int64?

    init() {}
}
