import Fluent
import Foundation
import Vapor

/// A browser or app that signed in to an account successfully (OWASP's "device cookie"): its
/// failed logins count against an allowance of its own, so whoever guesses passwords for an
/// address from elsewhere cannot lock its owner out.
final class LoginDevice: Model, @unchecked Sendable {
    static let schema = "login_devices"
    /// The cookie a browser keeps it in; an app sends it as `deviceToken`.
    static let cookie = "kinetic_device"
    /// How many an account keeps; the oldest go.
    static let maximumPerAccount = 20
    static let lifetime: TimeInterval = 365 * 24 * 3600

    @ID(key: .id) var id: UUID?
    @Field(key: "token_hash") var tokenHash: String
    @Parent(key: "user_id") var user: User
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(tokenHash: String, userID: UUID, createdAt: Date) {
        self.tokenHash = tokenHash
        self.$user.id = userID
        self.createdAt = createdAt
    }
}

/// The known devices of accounts.
struct LoginDevices {
    let database: any Database
    let now: Date

    /// The device `secret` names, when it signed in to `userID` before and is not too old.
    func device(_ secret: String?, of userID: UUID?) async throws -> LoginDevice? {
        guard let secret, !secret.isEmpty, secret.utf8.count <= 100, let userID else { return nil }
        return try await LoginDevice.query(on: database).filter(\.$tokenHash == SecretToken.digest(secret))
            .filter(\.$user.$id == userID).filter(\.$createdAt > now.addingTimeInterval(-LoginDevice.lifetime)).first()
    }

    /// Remembers a device after a successful login (a new secret each time; the one it had
    /// goes) and returns its secret. An account keeps its newest ``LoginDevice/maximumPerAccount``.
    func remember(_ userID: UUID, replacing previous: LoginDevice?) async throws -> String {
        let secret = SecretToken.generate()
        try await database.writeTransaction { database in
            if let previous { try await previous.delete(on: database) }
            try await LoginDevice(tokenHash: SecretToken.digest(secret), userID: userID, createdAt: now).create(on: database)
            let kept = try await LoginDevice.query(on: database).filter(\.$user.$id == userID).sort(\.$createdAt, .descending)
                .range(..<LoginDevice.maximumPerAccount).all().compactMap(\.id)
            try await LoginDevice.query(on: database).filter(\.$user.$id == userID).filter(\.$id !~ kept).delete()
        }
        return secret
    }

    /// Forgets every device of the account (its password was reset: whoever knew it is out).
    func forgetAll(of userID: UUID) async throws {
        try await LoginDevice.query(on: database).filter(\.$user.$id == userID).delete()
    }
}
