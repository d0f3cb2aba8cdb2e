import Fluent
import Foundation
import KineticCore
import Vapor

/// The Goals module's operations for one signed-in user: jump sessions as parks report them
/// and as the user adds them, and the monthly goals history. Made once per request
/// (`request.goals()`); the web and API controllers both call it.
struct GoalsService {
    let database: any Database
    let user: User
    let userID: UUID
    /// The user's today and this month.
    let calendar: UserCalendar

    var repository: GoalsRepository { GoalsRepository(database: database, userID: userID) }

    /// Stores a reported session (checked by ``JumpSessionInput``, no later than the user's
    /// today). The same session sent twice (a retry, a double tap) is stored once and answered
    /// with the stored one; a different session at the same park and time is a 409.
    func addSession(_ members: [String: JSONValue], parkID: UUID? = nil) async throws -> StoredSession {
        let session = try JumpSessionInput.validate(members, latestDate: calendar.today).get()
        let stored = try await repository.add(session, fitness: user.fitness, parkID: parkID)
        // A park's report that meets a session it did not report itself learns nothing of it.
        if case .existing(let existing) = stored, !existing.holds(session) || (parkID != nil && existing.parkID != parkID) {
            throw AppError(
                status: .conflict, code: "session_exists", messageKey: "error.session.exists",
                fields: FieldErrors(["startTime": "error.session.exists"]))
        }
        return stored
    }

    /// The sessions of `month`, or all of them, newest first.
    func sessions(in month: Month? = nil) async throws -> [StoredJumpSession] {
        try await repository.sessions(in: month)
    }

    /// The rest days, days off and months off the pace leaves out; days off before this month
    /// move no pace any more and are left out.
    func pauses() async throws -> JumpPauses {
        try await repository.pauses().from(calendar.currentMonth)
    }

    /// Replaces the rest days, days off and months off with what `members` says (checked by
    /// ``JumpPausesInput``; days off before this month are not kept); answers what is stored.
    func setPauses(_ members: [String: JSONValue]) async throws -> JumpPauses {
        let pauses = try JumpPausesInput.validate(members).get().from(calendar.currentMonth)
        try await repository.setPauses(pauses)
        return pauses
    }

    /// Every month's totals and goals, newest first, this month's pace and the streak of months.
    func progress() async throws -> GoalProgressReport {
        async let historyLoad = history()
        async let pausesLoad = pauses()
        let (history, pauses) = try await (historyLoad, pausesLoad)
        return GoalProgressReport(history: history, today: calendar.today, pauses: pauses)
    }

    /// Every month's goals and totals up to this month.
    func history() async throws -> GoalHistoryLoader.History {
        try await GoalHistoryLoader(database: database, clock: calendar).load(for: user)
    }
}

/// The goals history with what the pace and the streak add: ``GoalsService/progress()``.
struct GoalProgressReport {
    let history: GoalHistoryLoader.History
    var current: Month { history.current }
    /// Newest first.
    let months: [GoalMonthProgress]
    /// Months in a row the jump goal was reached (``GoalStreak``).
    let streak: Int
    let pauses: JumpPauses

    init(history: GoalHistoryLoader.History, today: LocalDate, pauses: JumpPauses) {
        self.history = history
        months = history.summaries.map { GoalMonthProgress.of($0, today: today, pauses: pauses) }
        streak = GoalStreak.months(history.summaries, current: history.current, pausedMonths: pauses.pausedMonths)
        self.pauses = pauses
    }

    func month(_ month: Month) -> GoalMonthProgress? { months.first { $0.month == month } }
}

extension Request {
    /// The Goals module's operations for the signed-in user.
    func goals() throws -> GoalsService {
        let user = try requireUser()
        return GoalsService(database: db, user: user, userID: try user.requireID(), calendar: userCalendar)
    }
}
