import Fluent
import Foundation
import KineticCore

/// One user's phones that send their steps on their own: made (with a token shown once),
/// listed, removed, and each sync noted.
struct StepSyncDevices {
    let database: any Database
    let userID: UUID

    /// The most phones one account may have: more is a mistake, not a use.
    static let maximumDevices = 20
    /// The longest name a phone may be given.
    static let maximumNameLength = 60

    /// A phone as Settings lists it.
    struct Device: Equatable, Sendable {
        let id: UUID
        let name: String
        let way: StepSyncWay
        let createdAt: Date
        let lastSyncAt: Date?
        let lastSyncPoints: Int?
    }

    func list() async throws -> [Device] {
        try await StepSyncDeviceRecord.query(on: database).filter(\.$user.$id == userID).sort(\.$createdAt).all().map(Device.init)
    }

    /// Makes a phone named `name` (trimmed; 422 when empty, too long, or one too many) sending
    /// its steps `way`; its token, which is never shown again.
    func add(name: String, way: StepSyncWay, at now: Date) async throws -> (device: Device, token: String) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = FieldErrors()
        if name.isEmpty { errors.add("name", "steps.sync.error.name") }
        if name.count > Self.maximumNameLength { errors.add("name", "steps.sync.error.nameLength") }
        let count = try await StepSyncDeviceRecord.query(on: database).filter(\.$user.$id == userID).count()
        if count >= Self.maximumDevices { errors.add("name", "steps.sync.error.tooMany") }
        guard errors.isEmpty else { throw AppError.validation(errors) }
        let token = "kss_" + SecretToken.generate()
        let record = StepSyncDeviceRecord()
        record.$user.id = userID
        record.name = name
        record.way = way.rawValue
        record.tokenHash = SecretToken.digest(token)
        record.createdAt = now
        try await record.create(on: database)
        return (Device(record), token)
    }

    /// Removes one of the user's phones (its token stops working at once); false when it is not theirs.
    func remove(_ id: UUID) async throws -> Bool {
        guard let record = try await StepSyncDeviceRecord.query(on: database).filter(\.$id == id).filter(\.$user.$id == userID).first()
        else { return false }
        try await record.delete(on: database)
        return true
    }

    /// The phone whose token is `token`, with its owner; nil for an unknown token.
    static func device(token: String, on database: any Database) async throws -> StepSyncDeviceRecord? {
        guard token.hasPrefix("kss_") else { return nil }
        return try await StepSyncDeviceRecord.query(on: database).filter(\.$tokenHash == SecretToken.digest(token)).first()
    }

    /// Notes a sync of `points` step points by the phone `id` at `now`.
    static func noteSync(of id: UUID, points: Int, at now: Date, on database: any Database) async throws {
        try await StepSyncDeviceRecord.query(on: database).filter(\.$id == id)
            .set(\.$lastSyncAt, to: now).set(\.$lastSyncPoints, to: points).update()
    }
}

extension StepSyncDevices.Device {
    init(_ record: StepSyncDeviceRecord) {
        self.init(
            id: record.id ?? UUID(), name: record.name, way: StepSyncWay(rawValue: record.way) ?? .shortcut, createdAt: record.createdAt,
            lastSyncAt: record.lastSyncAt, lastSyncPoints: record.lastSyncPoints)
    }
}
