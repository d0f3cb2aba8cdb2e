import Foundation
import KineticCore
import Vapor

/// `PUT /api/v1/password`, `GET /api/v1/tokens`, `DELETE /api/v1/tokens/{tokenId}`.
struct CredentialsAPIController {
    func changePassword(_ request: Request) async throws -> HTTPStatus {
        let user = try request.requireUser()
        let fields = try await request.jsonBody().requiredStrings(["currentPassword", "newPassword"]).get()
        try await request.account().changePassword(
            of: user, current: fields["currentPassword"]!, new: fields["newPassword"]!)
        return .noContent
    }

    func tokens(_ request: Request) async throws -> APITokenListDTO {
        let tokens = try await request.account().apiTokens(of: request.requireUser())
        return APITokenListDTO(tokens: tokens.map(APITokenDTO.init))
    }

    func revoke(_ request: Request) async throws -> HTTPStatus {
        let user = try request.requireUser()
        guard let id = request.parameters.get("tokenId").flatMap(UUID.init(uuidString:)) else { throw AppError.notFound }
        try await request.account().revokeAPIToken(id, of: user)
        return .noContent
    }
}

/// `GET /api/v1/tokens`: the account's working tokens.
struct APITokenListDTO: Content {
    let tokens: [APITokenDTO]
}

/// One API token: what it is called and when it was made, used and expires (never its secret).
struct APITokenDTO: Content {
    let id: String
    /// The client's name for the token; null when it gave none.
    @NullEncoded var label: String?
    @NullEncoded var createdAt: String?
    @NullEncoded var lastUsedAt: String?
    @NullEncoded var expiresAt: String?
    /// True for the token this request was made with.
    let current: Bool

    init(_ token: APITokenSummary) {
        id = token.id.uuidString.lowercased()
        label = token.label
        createdAt = token.createdAt.map(Self.timestamp)
        lastUsedAt = token.lastUsedAt.map(Self.timestamp)
        expiresAt = token.expiresAt.map(Self.timestamp)
        current = token.isCurrent
    }

    private static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
