import Foundation
import KineticCore

extension JumpHistoryPage {
    /// The add-session form's values as typed, with a message per invalid field.
    struct FormValues {
        static let fields = ["date", "parkName", "startTime", "endTime", "numberOfJumps", "numberOfCalories"]
        var values: [String: String] = [:]
        var errors: [String: String] = [:]

        init(_ form: [String: String] = [:]) {
            for field in Self.fields { values[field] = form[field]?.trimmingCharacters(in: .whitespaces) ?? "" }
        }
    }

    /// One month of sessions, newest first, with its totals.
    struct MonthGroup {
        let month: Month
        let sessions: [StoredJumpSession]
        var jumps: Int { sessions.reduce(0) { $0 + $1.session.numberOfJumps } }
        var calories: Int { sessions.reduce(0) { $0 + ($1.session.numberOfCalories ?? 0) } }
    }

    struct Model {
        let groups: [MonthGroup]
        let form: FormValues
        let added: Bool
        let today: LocalDate

        /// The page of `sessions` (newest first), grouped by month in that order.
        init(sessions: [StoredJumpSession], form: FormValues, added: Bool, today: LocalDate) {
            var groups: [MonthGroup] = []
            for stored in sessions {
                let month = Month(stored.session.date)
                if groups.last?.month == month {
                    groups[groups.count - 1] = MonthGroup(month: month, sessions: groups[groups.count - 1].sessions + [stored])
                } else {
                    groups.append(MonthGroup(month: month, sessions: [stored]))
                }
            }
            self.groups = groups
            self.form = form
            self.added = added
            self.today = today
        }
    }
}
