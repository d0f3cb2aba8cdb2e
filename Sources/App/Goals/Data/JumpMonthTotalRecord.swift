import Fluent
import Foundation
import KineticCore

/// Each month's jump totals and last session, kept up to date as sessions arrive, so that the
/// goals array reads one small row per month instead of aggregating every session each time.
final class JumpMonthTotalRecord: Model, @unchecked Sendable {
    static let schema = "jump_month_totals"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "month") var month: String
    @Field(key: "jumps") var jumps: Int
    @Field(key: "calories") var calories: Int
    /// The month's latest session (by date, then end time), copied so that reading the goals
    /// array needs no join.
    @Parent(key: "last_session_id") var lastSession: JumpSessionRecord
    @Field(key: "last_date") var lastDate: String
    @Field(key: "last_jumps") var lastJumps: Int
    @OptionalField(key: "last_calories") var lastCalories: Int?
    @Field(key: "last_park_name") var lastParkName: String
    @Field(key: "last_start_time") var lastStartTime: String
    @Field(key: "last_end_time") var lastEndTime: String

    init() {}
}
