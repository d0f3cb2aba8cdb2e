import Fluent
import Foundation
import KineticCore
import Vapor

/// A trampoline park (or any organisation) that reports jump sessions for the members who let it:
/// its name, and the SHA-256 of its API key (`kpk_…`, shown once when an administrator adds it).
final class ParkRecord: Model, Authenticatable, @unchecked Sendable {
    static let schema = "parks"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "key_hash") var keyHash: String
    @Field(key: "created_at") var createdAt: Date
    /// When an administrator took its key back; a revoked park signs in no more.
    @OptionalField(key: "revoked_at") var revokedAt: Date?

    init() {}

    init(name: String, keyHash: String, createdAt: Date) {
        self.name = name
        self.keyHash = keyHash
        self.createdAt = createdAt
    }
}

/// A park's request to report for one member, and what the member made of it.
final class ParkLinkRecord: Model, @unchecked Sendable {
    static let schema = "park_links"

    @ID(key: .id) var id: UUID?
    @Parent(key: "park_id") var park: ParkRecord
    /// The member asked; nil when the address the park gave has no account (the request then
    /// stays pending, so the park learns nothing about who has an account).
    @OptionalParent(key: "user_id") var user: User?
    /// The SHA-256 of the address the park asked with, so the same address asked again is the
    /// same link without the link keeping the address as typed.
    @Field(key: "email_hash") var emailHash: String
    /// The park's own name for the member (a membership number), as it sent it.
    @OptionalField(key: "reference") var reference: String?
    @Field(key: "status") var status: String
    @Field(key: "requested_at") var requestedAt: Date
    @OptionalField(key: "decided_at") var decidedAt: Date?

    init() {}

    var linkStatus: ParkLinkStatus { ParkLinkStatus(rawValue: status) ?? .revoked }
}
