import Fluent
import KineticCore
import Vapor

/// `POST /api/v1/jump-sessions`, `GET /api/v1/jump-sessions?month=yyyy-MM` and
/// `GET /api/v1/profile/{customerId}/goals`.
struct GoalsAPIController {
    func addSession(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let members = try JSONMemberReader.object(request.jsonBody()).get().members
        let session = try JumpSessionInput.validate(members, latestDate: request.userCalendar.today).get()
        let stored = try await GoalsRepository(database: request.db, userID: try user.requireID()).add(session, fitness: user.fitness)
        if case .existing(let existing) = stored, !existing.holds(session) {
            throw AppError(status: .conflict, code: "session_exists", messageKey: "error.session.exists")
        }
        let response = Response(status: { if case .created = stored { .created } else { .ok } }())
        try response.content.encode(JumpSessionDTO(stored.stored))
        return response
    }

    func listSessions(_ request: Request) async throws -> [JumpSessionDTO] {
        let user = try request.requireUser()
        var month: Month?
        if let text = request.query[String.self, at: "month"] {
            guard let parsed = Month(text) else { throw AppError.validation(FieldErrors(["month": "error.month.format"])) }
            month = parsed
        }
        return try await GoalsRepository(database: request.db, userID: try user.requireID()).sessions(in: month).map(JumpSessionDTO.init)
    }

    /// The goals array: the stored snapshot when it is current (one query), else computed,
    /// answered and stored for next time (see ``GoalHistorySnapshots``).
    func goals(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        // Another user's id, or one that does not exist, is answered the same: not found.
        guard let text = request.parameters.get("customerId"), let id = UUID(uuidString: text), id == user.id else {
            throw AppError.notFound
        }
        let clock = request.userCalendar
        let key = clock.currentMonth.description + " " + clock.timeZone.identifier
        let snapshots = GoalHistorySnapshots(database: request.db, userID: id)
        let stored = try await snapshots.read()
        if let body = stored.body(for: key) { return .json(.init(string: body)) }
        let history = try await GoalHistoryLoader(database: request.db, clock: clock).load(for: user)
        let response = history.summaries.map(GoalMonthDTO.init).jsonResponse(allocator: request.byteBufferAllocator)
        if let buffer = response.body.buffer {
            try await snapshots.store(String(buffer: buffer), key: key, basedOn: stored)
        }
        return response
    }
}
