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
    func addSession(_ members: [String: JSONValue]) async throws -> StoredSession {
        let session = try JumpSessionInput.validate(members, latestDate: calendar.today).get()
        let stored = try await repository.add(session, fitness: user.fitness)
        if case .existing(let existing) = stored, !existing.holds(session) {
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

    /// Every month's goals and totals up to this month.
    func history() async throws -> GoalHistoryLoader.History {
        try await GoalHistoryLoader(database: database, clock: calendar).load(for: user)
    }
}

extension Request {
    /// The Goals module's operations for the signed-in user.
    func goals() throws -> GoalsService {
        let user = try requireUser()
        return GoalsService(database: db, user: user, userID: try user.requireID(), calendar: userCalendar)
    }
}
