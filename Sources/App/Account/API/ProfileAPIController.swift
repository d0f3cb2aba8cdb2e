import KineticCore
import Vapor

/// `GET /api/v1/profile` and `PUT /api/v1/profile` (a partial update).
struct ProfileAPIController {
    func show(_ request: Request) async throws -> ProfileDTO {
        try ProfileDTO(request.requireUser())
    }

    func update(_ request: Request) async throws -> ProfileDTO {
        let user = try request.requireUser()
        let patch = try ProfilePatch.parse(request.jsonBody()).get()
        try await request.profileUpdater.apply(patch, to: user)
        return try ProfileDTO(user)
    }
}
