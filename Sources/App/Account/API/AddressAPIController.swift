import KineticCore
import Vapor

/// Address ownership over the API: the link that confirms an address sent again, a link's
/// token confirmed (a native app that opens the link itself), forgot password, a new password
/// with a reset link.
struct AddressAPIController {
    /// `POST /api/v1/address/confirmation-links`: sends the link again (202); 409 when the
    /// address is confirmed already.
    func sendConfirmation(_ request: Request) async throws -> HTTPStatus {
        let user = try request.requireUser()
        guard !user.isVerified else { throw AppError.conflict(messageKey: "error.address.alreadyConfirmed") }
        try await request.account().sendAddressConfirmation(to: user)
        return .accepted
    }

    /// `POST /api/v1/address/confirmations` with `{"token": …}` from the link.
    func confirm(_ request: Request) async throws -> ProfileDTO {
        let fields = try await request.jsonBody().requiredStrings(["token"]).get()
        let user = try await request.account().confirmAddress(secret: fields["token"]!)
        return ProfileDTO(try user.profile())
    }

    /// `POST /api/v1/password/reset-links` with `{"email": …}`: 202 whether or not an account has it.
    func sendPasswordReset(_ request: Request) async throws -> HTTPStatus {
        let fields = try await request.jsonBody().requiredStrings(["email"], optional: ["deviceToken"]).get()
        try await request.account().requestPasswordReset(email: fields["email"]!, device: fields["deviceToken"])
        return .accepted
    }

    /// `POST /api/v1/password/resets` with `{"token": …, "password": …}`: 204; every session
    /// and token of the account has ended, so the client signs in again.
    func resetPassword(_ request: Request) async throws -> HTTPStatus {
        let fields = try await request.jsonBody().requiredStrings(["token", "password"]).get()
        try await request.account().resetPassword(secret: fields["token"]!, newPassword: fields["password"]!)
        return .noContent
    }
}
