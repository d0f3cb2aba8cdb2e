import Fluent
import Foundation

/// A single-use link's secret, kept as its digest: it confirms an address, resets a password
/// or invites someone to sign up. Used once (``usedAt``), or never after ``expiresAt``.
final class AccountToken: Model, @unchecked Sendable {
    static let schema = "account_tokens"

    enum Purpose: String, Sendable {
        /// Confirms `email` for `userID`: the address it signed up with, or a new one it asked
        /// to change to (which takes effect then).
        case confirmAddress = "confirm-address"
        /// Sets a new password for `userID`, and confirms its address (the link reached it).
        case resetPassword = "reset-password"
        /// Lets `email` sign up while sign-up is by invitation; no `userID` yet.
        case invitation
    }

    @ID(key: .id) var id: UUID?
    @Field(key: "purpose") var purpose: String
    @Field(key: "token_hash") var tokenHash: String
    @OptionalField(key: "user_id") var userID: UUID?
    @Field(key: "email") var email: String
    /// The administrator who made an invitation.
    @OptionalField(key: "created_by") var createdBy: UUID?
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "used_at") var usedAt: Date?
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(purpose: Purpose, tokenHash: String, userID: UUID?, email: String, createdBy: UUID? = nil, expiresAt: Date, createdAt: Date) {
        self.purpose = purpose.rawValue
        self.tokenHash = tokenHash
        self.userID = userID
        self.email = email
        self.createdBy = createdBy
        self.expiresAt = expiresAt
        self.createdAt = createdAt
    }
}
