import Fluent
import KineticCore
import Vapor

/// `GET /api/v1/profile` and `PUT /api/v1/profile` (a partial update; a new e-mail address
/// needs `currentPassword`). Where this server sends e-mail, a new address takes effect when
/// the link sent to it is opened (`pendingEmail` until then); elsewhere it takes effect at once,
/// unconfirmed.
struct ProfileAPIController {
    func show(_ request: Request) async throws -> ProfileDTO {
        try await request.profileDTO()
    }

    func update(_ request: Request) async throws -> ProfileDTO {
        let user = try request.requireUser()
        var patch = try ProfilePatch.parse(request.jsonBody()).get()
        var newAddress: String?
        if let email = patch.email, email != user.email {
            guard let password = patch.currentPassword else {
                throw AppError.validation(FieldErrors(["currentPassword": "error.password.neededForEmail"]))
            }
            try await AccountService(request: request).confirmPassword(password, of: user)
            if request.application.accountMailer != nil {
                guard try await User.query(on: request.db).filter(\.$email == email).first() == nil else { throw AppError.emailTaken }
                newAddress = email
                patch.email = nil
            }
        }
        // The link first: when it cannot go, nothing of the change is applied.
        if let newAddress { try await AccountService(request: request).sendAddressConfirmation(to: user, email: newAddress) }
        try await request.profileUpdater.apply(patch, to: user)
        return try await request.profileDTO()
    }
}

extension Request {
    /// The signed-in user's profile, with the address change waiting for its link.
    func profileDTO() async throws -> ProfileDTO {
        let user = try requireUser()
        var profile = ProfileDTO(try user.profile())
        profile.pendingEmail = try await AccountTokens(database: db, now: now).pendingAddress(of: user.requireID(), currentEmail: user.email)
        return profile
    }
}
