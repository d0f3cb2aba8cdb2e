import Fluent
import Foundation
import KineticCore

/// One day or days a user does not plan to jump (see ``JumpPauses``): a weekly rest day
/// (`weekday`, e.g. `sunday`), a day off (`day`, `yyyy-MM-dd`) or a month off (`month`, `yyyy-MM`).
final class JumpPauseRecord: Model, @unchecked Sendable {
    static let schema = "jump_pauses"

    enum Kind: String {
        case weekday, day, month
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "kind") var kind: String
    @Field(key: "value") var value: String

    init() {}

    init(userID: UUID, kind: Kind, value: String) {
        self.$user.id = userID
        self.kind = kind.rawValue
        self.value = value
    }

    /// The rows of `pauses`, one per rest day, day off and month off.
    static func rows(of pauses: JumpPauses, userID: UUID) -> [JumpPauseRecord] {
        pauses.restWeekdays.sorted().map { JumpPauseRecord(userID: userID, kind: .weekday, value: $0.rawValue) }
            + pauses.pausedDays.sorted().map { JumpPauseRecord(userID: userID, kind: .day, value: $0.description) }
            + pauses.pausedMonths.sorted().map { JumpPauseRecord(userID: userID, kind: .month, value: $0.description) }
    }

    /// The pauses these rows hold (a row that no longer reads is left out).
    static func pauses(of rows: [JumpPauseRecord]) -> JumpPauses {
        var pauses = JumpPauses()
        for row in rows {
            switch Kind(rawValue: row.kind) {
            case .weekday: Weekday(rawValue: row.value).map { _ = pauses.restWeekdays.insert($0) }
            case .day: LocalDate(row.value).map { _ = pauses.pausedDays.insert($0) }
            case .month: Month(row.value).map { _ = pauses.pausedMonths.insert($0) }
            case nil: break
            }
        }
        return pauses
    }
}
