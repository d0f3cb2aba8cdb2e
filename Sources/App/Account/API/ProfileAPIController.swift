import KineticCore
import Vapor

/// `GET /api/v1/profile` and `PUT /api/v1/profile` (a partial update; a new e-mail address
/// needs `currentPassword`).
struct ProfileAPIController {
    func show(_ request: Request) async throws -> ProfileDTO {
        ProfileDTO(try request.requireUser().profile())
    }

    func update(_ request: Request) async throws -> ProfileDTO {
        let user = try request.requireUser()
        let patch = try ProfilePatch.parse(request.jsonBody()).get()
        if let email = patch.email, email != user.email {
            guard let password = patch.currentPassword else {
                throw AppError.validation(FieldErrors(["currentPassword": "error.password.neededForEmail"]))
            }
            try await AccountService(request: request).confirmPassword(password, of: user)
        }
        try await request.profileUpdater.apply(patch, to: user)
        return ProfileDTO(try user.profile())
    }
}
