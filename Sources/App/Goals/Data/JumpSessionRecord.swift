import Fluent
import Foundation
import KineticCore

/// A stored jump session. Dates and times are kept as their ISO text (`yyyy-MM-dd`, `HH:mm`),
/// which sorts correctly and means the same on SQLite and PostgreSQL; `month` is kept too so
/// that a month's sessions are found through an index.
final class JumpSessionRecord: Model, @unchecked Sendable {
    static let schema = "jump_sessions"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "date") var date: String
    @Field(key: "month") var month: String
    @Field(key: "number_of_jumps") var numberOfJumps: Int
    @OptionalField(key: "number_of_calories") var numberOfCalories: Int?
    /// True when the calories were estimated by Kinetic rather than reported.
    @Field(key: "calories_estimated") var caloriesEstimated: Bool
    @Field(key: "park_name") var parkName: String
    @Field(key: "start_time") var startTime: String
    @Field(key: "end_time") var endTime: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    /// The park that reported it through a member's link (``ParkLinks``); nil for the member's own.
    @OptionalField(key: "park_id") var parkID: UUID?

    init() {}

    init(userID: UUID, session: JumpSession, caloriesEstimated: Bool, parkID: UUID? = nil) {
        self.$user.id = userID
        self.parkID = parkID
        self.date = session.date.description
        self.month = Month(session.date).description
        self.numberOfJumps = session.numberOfJumps
        self.numberOfCalories = session.numberOfCalories
        self.caloriesEstimated = caloriesEstimated
        self.parkName = session.parkName
        self.startTime = session.startTime.description
        self.endTime = session.endTime.description
    }

    /// The session as a Core value; nil if a stored field no longer parses.
    var session: JumpSession? {
        guard let date = LocalDate(date), let start = TimeOfDay(startTime), let end = TimeOfDay(endTime) else { return nil }
        return JumpSession(
            date: date, numberOfJumps: numberOfJumps, numberOfCalories: numberOfCalories, parkName: parkName, startTime: start, endTime: end
        )
    }
}

/// A stored jump session as pages and the API see it: a value, never the Fluent record.
struct StoredJumpSession: Equatable, Sendable {
    let id: UUID
    let session: JumpSession
    /// True when Kinetic estimated the calories (see `CalorieEstimator`).
    let caloriesEstimated: Bool
    /// The park that reported it for the member (``ParkLinks``); nil for the member's own.
    var parkID: UUID? = nil

    /// The record's session; nil if a stored field no longer parses.
    init?(_ record: JumpSessionRecord) {
        guard let id = record.id, let session = record.session else { return nil }
        self.init(id: id, session: session, caloriesEstimated: record.caloriesEstimated, parkID: record.parkID)
    }

    init(id: UUID, session: JumpSession, caloriesEstimated: Bool, parkID: UUID? = nil) {
        self.id = id
        self.session = session
        self.caloriesEstimated = caloriesEstimated
        self.parkID = parkID
    }

    /// Whether this stored session says what `reported` says: the same jumps, and the same
    /// calories unless `reported` leaves them to be estimated.
    func holds(_ reported: JumpSession) -> Bool {
        session.numberOfJumps == reported.numberOfJumps
            && (reported.numberOfCalories == nil || reported.numberOfCalories == session.numberOfCalories)
    }
}
