import KineticCore
import Vapor

/// `POST /api/v1/accounts`, `POST /api/v1/login`, `POST /api/v1/logout`.
struct AccountsAPIController {
    func signUp(_ request: Request) async throws -> Response {
        let fields = try request.jsonBody().requiredStrings(["name", "email", "password"]).get()
        let input = try SignUpRequest.validate(
            name: fields["name"]!, email: fields["email"]!, password: fields["password"]!
        ).get()
        let service = AccountService(request: request)
        let user = try await service.signUp(input)
        return try await authResponse(for: user, status: .created, service: service)
    }

    func login(_ request: Request) async throws -> Response {
        let fields = try request.jsonBody().requiredStrings(["email", "password"]).get()
        let service = AccountService(request: request)
        let user = try await service.authenticate(email: fields["email"]!, password: fields["password"]!)
        return try await authResponse(for: user, status: .ok, service: service)
    }

    func logout(_ request: Request) async throws -> HTTPStatus {
        _ = try request.requireUser()
        try await request.apiToken?.delete(on: request.db)
        return .noContent
    }

    private func authResponse(for user: User, status: HTTPStatus, service: AccountService) async throws -> Response {
        let token = try await service.issueAPIToken(for: user)
        let body = AuthResponse(customerId: try ProfileDTO(user).customerId, token: token, profile: try ProfileDTO(user))
        let response = Response(status: status)
        try response.content.encode(body)
        return response
    }
}
