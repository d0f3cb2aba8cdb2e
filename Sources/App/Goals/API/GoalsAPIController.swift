import Fluent
import KineticCore
import Vapor

/// `POST /api/v1/jump-sessions`, `GET /api/v1/jump-sessions?month=yyyy-MM` and
/// `GET /api/v1/profile/{customerId}/goals`.
struct GoalsAPIController {
    func addSession(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        guard let members = try request.jsonBody().objectValue else {
            throw AppError.validation(FieldErrors(["body": "error.body.objectExpected"]))
        }
        let session = try JumpSessionInput.validate(members, latestDate: request.goalsClock.today).get()
        let stored = try await GoalsRepository(database: request.db, userID: try user.requireID()).add(session, fitness: user.fitness)
        if case .existing(let record) = stored, !record.holds(session) {
            throw AppError(status: .conflict, code: "session_exists", messageKey: "error.session.exists")
        }
        let response = Response(status: { if case .created = stored { .created } else { .ok } }())
        try response.content.encode(try JumpSessionDTO(stored.record))
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

    func goals(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        // Another user's id, or one that does not exist, is answered the same: not found.
        guard let text = request.parameters.get("customerId"), let id = UUID(uuidString: text), id == user.id else {
            throw AppError.notFound
        }
        let history = try await GoalHistoryLoader(database: request.db, clock: request.goalsClock).load(for: user)
        return history.summaries.map(GoalMonthDTO.init).jsonResponse(allocator: request.byteBufferAllocator)
    }
}
