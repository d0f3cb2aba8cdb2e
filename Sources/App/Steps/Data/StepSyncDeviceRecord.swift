import Fluent
import Foundation

/// A phone that sends its steps on its own (``StepSyncWay``): its name, the SHA-256 of its token
/// (shown once, when it is made in Settings), and what its last sync stored.
final class StepSyncDeviceRecord: Model, @unchecked Sendable {
    static let schema = "step_sync_devices"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "name") var name: String
    /// ``StepSyncWay``'s raw value.
    @Field(key: "way") var way: String
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "last_sync_at") var lastSyncAt: Date?
    /// Step points the last sync stored.
    @OptionalField(key: "last_sync_points") var lastSyncPoints: Int?

    init() {}
}

/// How a phone sends its steps.
enum StepSyncWay: String, CaseIterable, Sendable {
    /// Health Auto Export's REST API automation, to `POST /api/v1/health/auto-export`.
    case autoExport = "auto-export"
    /// An Apple Shortcut's personal automation, to `POST /api/v1/health/samples`.
    case shortcut
}
