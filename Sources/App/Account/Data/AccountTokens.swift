import Fluent
import Foundation
import SQLKit

/// The single-use links of accounts (``AccountToken``): made with a fresh secret (only its
/// digest is kept) and redeemed once, atomically, before they expire.
struct AccountTokens {
    let database: any Database
    let now: Date

    /// Makes a link's secret for `purpose`. Earlier unused links of the same purpose for the same
    /// account (or invitations to the same address) stop working: only the newest counts.
    func issue(
        _ purpose: AccountToken.Purpose, userID: UUID?, email: String, lifetime: TimeInterval, createdBy: UUID? = nil
    ) async throws -> String {
        let secret = SecretToken.generate()
        let token = AccountToken(
            purpose: purpose, tokenHash: SecretToken.digest(secret), userID: userID, email: email, createdBy: createdBy,
            expiresAt: now.addingTimeInterval(lifetime), createdAt: now
        )
        try await database.writeTransaction { transaction in
            let earlier = AccountToken.query(on: transaction).filter(\.$purpose == purpose.rawValue).filter(\.$usedAt == nil)
            if let userID { earlier.filter(\.$userID == userID) } else { earlier.filter(\.$email == email).filter(\.$userID == nil) }
            try await earlier.delete()
            try await AccountToken.query(on: transaction).filter(\.$expiresAt < now).delete()
            try await token.create(on: transaction)
        }
        return secret
    }

    /// The link for `secret` when it is of `purpose`, unused and unexpired; nothing changes.
    func valid(_ secret: String, _ purpose: AccountToken.Purpose) async throws -> AccountToken? {
        try await AccountToken.query(on: database)
            .filter(\.$tokenHash == SecretToken.digest(secret)).filter(\.$purpose == purpose.rawValue)
            .filter(\.$usedAt == nil).filter(\.$expiresAt > now).first()
    }

    /// Uses the link for `secret`: marks it used and returns it, or nil when it is not of
    /// `purpose`, was used already or expired. Two requests with one link: one of them gets it.
    func redeem(_ secret: String, _ purpose: AccountToken.Purpose, on database: (any Database)? = nil) async throws -> AccountToken? {
        let database = database ?? self.database
        let rows = try await database.sql().raw(
            """
            UPDATE account_tokens SET used_at = \(bind: now)
            WHERE token_hash = \(bind: SecretToken.digest(secret)) AND purpose = \(bind: purpose.rawValue)
              AND used_at IS NULL AND expires_at > \(bind: now)
            RETURNING id
            """
        ).all()
        guard let row = rows.first else { return nil }
        return try await AccountToken.find(try row.decode(column: "id", as: UUID.self), on: database)
    }

    /// The address change `userID` asked for and has not confirmed yet, if any.
    func pendingAddress(of userID: UUID, currentEmail: String) async throws -> String? {
        try await AccountToken.query(on: database)
            .filter(\.$userID == userID).filter(\.$purpose == AccountToken.Purpose.confirmAddress.rawValue)
            .filter(\.$usedAt == nil).filter(\.$expiresAt > now).filter(\.$email != currentEmail)
            .sort(\.$createdAt, .descending).first()?.email
    }
}
