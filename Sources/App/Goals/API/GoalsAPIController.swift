import Fluent
import KineticCore
import Vapor

/// `POST /api/v1/jump-sessions`, `GET /api/v1/jump-sessions?month=yyyy-MM`,
/// `GET /api/v1/profile/{customerId}/goals`, `GET /api/v1/goals/months` and
/// `GET`/`PUT /api/v1/goals/pauses`.
struct GoalsAPIController {
    func addSession(_ request: Request) async throws -> Response {
        let goals = try request.goals()
        let stored = try await goals.addSession(JSONMemberReader.object(request.jsonBody()).get().members)
        let response = Response(status: { if case .created = stored { .created } else { .ok } }())
        try response.content.encode(JumpSessionDTO(stored.stored))
        return response
    }

    func listSessions(_ request: Request) async throws -> [JumpSessionDTO] {
        let goals = try request.goals()
        var month: Month?
        if let text = request.query[String.self, at: "month"] {
            guard let parsed = Month(text) else { throw AppError.validation(FieldErrors(["month": "error.month.format"])) }
            month = parsed
        }
        return try await goals.sessions(in: month).map(JumpSessionDTO.init)
    }

    /// The goals array: the stored snapshot when it is current (one query), else computed,
    /// answered and stored for next time (see ``GoalHistorySnapshots``).
    func goals(_ request: Request) async throws -> Response {
        let goals = try request.goals()
        // Another user's id, or one that does not exist, is answered the same: not found.
        guard let text = request.parameters.get("customerId"), let id = UUID(uuidString: text), id == goals.userID else {
            throw AppError.notFound
        }
        let clock = goals.calendar
        let key = clock.currentMonth.description + " " + clock.timeZone.identifier
        let snapshots = GoalHistorySnapshots(database: request.db, userID: id)
        let stored = try await snapshots.read()
        if let body = stored.body(for: key) { return .json(.init(string: body)) }
        let history = try await goals.history()
        let response = history.summaries.map(GoalMonthDTO.init).jsonResponse(allocator: request.byteBufferAllocator)
        if let buffer = response.body.buffer {
            try await snapshots.store(String(buffer: buffer), key: key, basedOn: stored)
        }
        return response
    }

    /// Every month's totals and goals (also months without a goal), this month's pace and the
    /// streak of months.
    func progress(_ request: Request) async throws -> GoalProgressDTO {
        GoalProgressDTO(try await request.goals().progress())
    }

    func pauses(_ request: Request) async throws -> JumpPausesDTO {
        JumpPausesDTO(try await request.goals().pauses())
    }

    func setPauses(_ request: Request) async throws -> JumpPausesDTO {
        let members = try await JSONMemberReader.object(request.jsonBody()).get().members
        return JumpPausesDTO(try await request.goals().setPauses(members))
    }
}
