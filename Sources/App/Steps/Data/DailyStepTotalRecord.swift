import Fluent
import Foundation

/// The cache of deduplicated daily totals (the seed's Core Data store), updated by each import
/// or push for the days it touched; achievements read it.
final class DailyStepTotalRecord: Model, @unchecked Sendable {
    static let schema = "daily_step_totals"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// `yyyy-MM-dd`.
    @Field(key: "date") var date: String
    @Field(key: "steps") var steps: Int

    init() {}
}
