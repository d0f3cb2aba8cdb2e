import KineticCore
import Vapor

/// `GET /api/v1/profile` and `PUT /api/v1/profile` (a partial update; a new e-mail address
/// needs `currentPassword`). Where this server sends e-mail, a new address takes effect when
/// the link sent to it is opened (`pendingEmail` until then); elsewhere it takes effect at once,
/// unconfirmed.
struct ProfileAPIController {
    func show(_ request: Request) async throws -> ProfileDTO {
        try await request.account().profile(of: request.requireUser())
    }

    func update(_ request: Request) async throws -> ProfileDTO {
        let user = try request.requireUser()
        var patch = try await ProfilePatch.parse(request.jsonBody()).get()
        if let email = patch.email, email != user.shownEmail {
            guard let password = patch.currentPassword else {
                throw AppError.validation(FieldErrors(["currentPassword": "error.password.neededForEmail"]))
            }
            try await request.account().confirmPassword(password, of: user)
            // Where mail goes, the new address waits for its link; the rest applies now.
            if try await request.account().requestAddressChange(of: user, to: email) { patch.email = nil }
        }
        try await request.account().apply(patch, to: user)
        return try await request.account().profile(of: request.requireUser())
    }
}
