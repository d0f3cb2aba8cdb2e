import FluentKit
import Foundation
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// A bearer token as the API signs it in: the token's id and expiry with its user's row, read
/// in one query (``lookUp(_:on:)``) and kept for a few seconds (``SignedInTokens``).
struct SignedInToken: Sendable {
    let tokenID: UUID
    let userID: UUID
    var expiresAt: Date?
    /// The user's row as stored; every request decodes its own `User` from it, so no two
    /// requests share a model instance.
    let userRow: any SQLRow

    /// The token whose SHA-256 is `digest`, with its user, in one query; nil for an unknown token.
    static func lookUp(_ digest: String, on database: any Database) async throws -> SignedInToken? {
        let sql = try database.sql()
        guard
            let row = try await sql.raw(
                """
                SELECT users.*, api_tokens.id AS token_id, api_tokens.expires_at AS token_expires_at
                FROM api_tokens JOIN users ON users.id = api_tokens.user_id
                WHERE api_tokens.token_hash = \(bind: digest)
                """
            ).first()
        else { return nil }
        return SignedInToken(
            tokenID: try row.decode(column: "token_id", as: UUID.self),
            userID: try row.decode(column: "id", as: UUID.self),
            expiresAt: try row.decode(column: "token_expires_at", as: Date?.self),
            userRow: row
        )
    }

    /// A fresh `User` for one request.
    func user() throws -> User { try userRow.decode(fluentModel: User.self) }
}

/// The tokens signed in during the last few seconds, so that an app polling the API costs no
/// query per request. Every change to a user or their tokens made by this instance forgets that
/// user's entries at once (``forget(userID:)``); a change made by another instance sharing the
/// database (PostgreSQL) is seen here within ``lifetime`` — a revoked token keeps working that
/// long on the other instances, never longer.
final class SignedInTokens: Sendable {
    /// How long an entry is trusted without reading the database again.
    let lifetime: TimeInterval
    /// Entries kept at most; when full, expired entries go, and if none has, all of them.
    let capacity: Int

    private struct Entry {
        var token: SignedInToken
        let readAt: Date
    }

    private let entries = NIOLockedValueBox<[String: Entry]>([:])

    init(lifetime: TimeInterval = 5, capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The entry for `digest` if it was read from the database less than ``lifetime`` ago.
    func token(for digest: String, at now: Date) -> SignedInToken? {
        entries.withLockedValue { entries in
            guard let entry = entries[digest] else { return nil }
            guard now.timeIntervalSince(entry.readAt) < lifetime, now >= entry.readAt else {
                entries[digest] = nil
                return nil
            }
            return entry.token
        }
    }

    func store(_ token: SignedInToken, for digest: String, at now: Date) {
        guard lifetime > 0 else { return }
        entries.withLockedValue { entries in
            if entries.count >= capacity {
                entries = entries.filter { now.timeIntervalSince($0.value.readAt) < lifetime }
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[digest] = Entry(token: token, readAt: now)
        }
    }

    /// Records a renewed expiry, so the entry does not renew it again.
    func renewed(_ digest: String, expiresAt: Date) {
        entries.withLockedValue { $0[digest]?.token.expiresAt = expiresAt }
    }

    /// Forgets every entry of `userID`: called after any change to the user or their tokens.
    func forget(userID: UUID) {
        entries.withLockedValue { entries in entries = entries.filter { $0.value.token.userID != userID } }
    }
}

extension Application {
    private struct SignedInTokensKey: StorageKey { typealias Value = SignedInTokens }

    /// This instance's short-lived cache of signed-in API tokens.
    var signedInTokens: SignedInTokens {
        get { storage.configured(SignedInTokensKey.self, "the token cache") }
        set { storage[SignedInTokensKey.self] = newValue }
    }
}
