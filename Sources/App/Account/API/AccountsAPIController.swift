import Fluent
import KineticCore
import Vapor

/// `POST /api/v1/accounts`, `POST /api/v1/login`, `POST /api/v1/logout`.
struct AccountsAPIController {
    func signUp(_ request: Request) async throws -> Response {
        let fields = try await request.jsonBody().requiredStrings(
            ["name", "email", "password"], optional: ["deviceName", "timeZone", "invitation"]
        ).get()
        let label = try fields["deviceName"].map { try APITokenLabel.normalized($0).get() }
        let timeZone = try fields["timeZone"].map { try UserTimeZone.validated($0).get() }
        let input = try SignUpRequest.validate(
            name: fields["name"]!, email: fields["email"]!, password: fields["password"]!,
            policy: request.application.passwordPolicy
        ).get()
        let service = request.account()
        let user = try await service.signUp(input, timeZone: timeZone, invitation: fields["invitation"])
        await service.sendConfirmationAfterSignUp(user)
        return try await authResponse(for: user, status: .created, label: label, service: service)
    }

    func login(_ request: Request) async throws -> Response {
        let fields = try await request.jsonBody().requiredStrings(["email", "password"], optional: ["deviceName", "deviceToken"]).get()
        let label = try fields["deviceName"].map { try APITokenLabel.normalized($0).get() }
        let service = request.account()
        let (user, device) = try await service.authenticate(
            email: fields["email"]!, password: fields["password"]!, device: fields["deviceToken"])
        return try await authResponse(for: user, status: .ok, label: label, service: service, device: device)
    }

    func logout(_ request: Request) async throws -> HTTPStatus {
        let user = try request.requireUser()
        if let tokenID = request.apiTokenID {
            try await APIToken.query(on: request.db).filter(\.$id == tokenID).delete()
        }
        request.application.signedInTokens.forget(userID: try user.requireID())
        return .noContent
    }

    private func authResponse(
        for user: User, status: HTTPStatus, label: String?, service: AccountService, device: String? = nil
    ) async throws -> Response {
        let token = try await service.issueAPIToken(for: user, label: label)
        let profile = ProfileDTO(try user.profile())
        let body = AuthResponse(customerId: profile.customerId, token: token, profile: profile, deviceToken: device)
        let response = Response(status: status)
        try response.content.encode(body)
        return response.keptNowhere()
    }
}
