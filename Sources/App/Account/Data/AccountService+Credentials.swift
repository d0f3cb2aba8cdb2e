import Fluent
import KineticCore
import Vapor

extension AccountService {
    /// Changes `user`'s password once the current one is confirmed (throttled like a login).
    /// Every other web session and every other API token of the account ends in the same
    /// transaction; only the session or token making this request keeps working.
    func changePassword(of user: User, current: String, new: String) async throws {
        if let problem = passwordPolicy.problem(new) {
            throw AppError.validation(FieldErrors(["newPassword": problem]))
        }
        try await confirmPassword(current, of: user)
        user.passwordHash = try await passwords.hash(new)
        let userID = try user.requireID()
        let keptSession = client.webSessionID, keptToken = client.apiTokenID
        try await database.writeTransaction { database in
            try await user.save(on: database)
            let sessions = WebSession.query(on: database).filter(\.$user.$id == userID)
            if let keptSession { sessions.filter(\.$id != keptSession) }
            try await sessions.delete()
            let tokens = APIToken.query(on: database).filter(\.$user.$id == userID)
            if let keptToken { tokens.filter(\.$id != keptToken) }
            try await tokens.delete()
            // Whoever knew the old password keeps no login allowance of their own, and no link
            // that sets another.
            try await LoginDevices(database: database, now: now).forgetAll(of: userID)
            try await AccountToken.query(on: database).filter(\.$userID == userID)
                .filter(\.$purpose == AccountToken.Purpose.resetPassword.rawValue).delete()
        }
        signedInTokens.forget(userID: userID)
    }

    /// Throws a 422 on `currentPassword` unless `password` is `user`'s (for changes that need
    /// proof it is really them: the password, the e-mail address).
    func confirmPassword(_ password: String, of user: User) async throws {
        guard try await verifyThrottled(password, of: user, buckets: confirmationBuckets(of: user)) else {
            throw AppError.validation(FieldErrors(["currentPassword": "error.password.currentWrong"]))
        }
    }

    /// The account's API tokens that still work, most recently used first.
    func apiTokens(of user: User) async throws -> [APITokenSummary] {
        return try await APIToken.query(on: database)
            .filter(\.$user.$id == user.requireID())
            .sort(\.$lastUsedAt, .descending)
            .all()
            .filter { SlidingExpiry.isAlive($0.expiresAt, at: now) }
            .map { try APITokenSummary($0, current: $0.id == client.apiTokenID) }
    }

    /// Revokes one of the account's API tokens; 404 when the account has no such token.
    func revokeAPIToken(_ id: UUID, of user: User) async throws {
        guard
            let token = try await APIToken.query(on: database)
                .filter(\.$id == id).filter(\.$user.$id == user.requireID()).first()
        else { throw AppError.notFound }
        try await token.delete(on: database)
        signedInTokens.forget(userID: try user.requireID())
    }
}

/// An API token as the token lists show it (never its secret).
struct APITokenSummary: Sendable {
    let id: UUID
    /// The client's name for the token, or nil when it gave none (no `deviceName`, no `User-Agent`).
    let label: String?
    let createdAt: Date?
    let lastUsedAt: Date?
    let expiresAt: Date?
    /// Whether this is the token the request was made with.
    let isCurrent: Bool

    init(_ record: APIToken, current: Bool) throws {
        id = try record.requireID()
        label = record.label
        createdAt = record.createdAt
        lastUsedAt = record.lastUsedAt
        expiresAt = record.expiresAt
        isCurrent = current
    }
}
