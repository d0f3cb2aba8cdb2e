import Fluent
import Foundation
import KineticCore
import Vapor
import WebPush

/// The Notifications module's operations for one signed-in user: the devices that take their
/// notifications, and the kinds they turned off. Made once per request
/// (`request.notifications()`); the web and API controllers both call it.
struct NotificationsService {
    let database: any Database
    let userID: UUID
    let settings: PushSettings
    let now: Date

    /// The longest endpoint kept (push services' are 150–400 characters).
    static let maximumEndpointLength = 2048

    /// A device as the browser's `PushSubscription.toJSON()` describes it, checked.
    struct Device: Equatable {
        let endpoint: String
        let p256dh: String
        let auth: String
    }

    /// Reads a `PushSubscription`'s JSON (`endpoint`, `keys.p256dh`, `keys.auth`, and the
    /// browser's `expirationTime`, ignored): every problem a field error, and an endpoint that
    /// is no push service this server sends to (``PushSettings``) refused like a wrong one.
    func device(from body: JSONValue) -> Result<Device, FieldErrors> {
        var members: JSONMemberReader
        switch JSONMemberReader.object(body, known: ["endpoint", "keys", "expirationTime"]) {
        case .success(let reader): members = reader
        case .failure(let errors): return .failure(errors)
        }
        let endpoint = members.string("endpoint")
        let keys = members.object("keys")
        if let endpoint {
            if endpoint.utf8.count > Self.maximumEndpointLength {
                members.fail("endpoint", "error.push.endpointTooLong")
            } else if !(URL(string: endpoint).map(settings.allows) ?? false) {
                members.fail("endpoint", "error.push.endpointNotAllowed")
            }
        }
        var keyMembers = JSONMemberReader(keys ?? [:], known: ["p256dh", "auth"])
        let p256dh = keys == nil ? nil : keyMembers.string("p256dh")
        let auth = keys == nil ? nil : keyMembers.string("auth")
        if let p256dh, let auth {
            do { _ = try PushSubscriber(p256dh: p256dh, auth: auth) } catch PushSubscriber.Invalid.publicKey {
                keyMembers.fail("p256dh", "error.push.publicKey")
            } catch {
                keyMembers.fail("auth", "error.push.authSecret")
            }
        }
        if keys != nil { members.merge(keyMembers.errors, prefix: "keys") }
        guard let endpoint, let p256dh, let auth else { return .failure(members.errors) }
        return members.result(Device(endpoint: endpoint, p256dh: p256dh, auth: auth))
    }

    /// The `endpoint` of a `{"endpoint"}` body (a device to forget); 422 when it is missing.
    @Sendable static func endpoint(from body: JSONValue) throws -> String {
        var reader = try JSONMemberReader.object(body, known: ["endpoint"]).get()
        let endpoint = reader.string("endpoint")
        return try reader.result(endpoint).get()
    }

    /// Keeps `device` for this account: the same endpoint again from this account (the page
    /// saying it is still here, or a browser renewing its keys) updates it in place, so the
    /// notifications on their way to it still go; from another account that used this browser
    /// before, it is taken over, not doubled. An account keeps its newest
    /// ``PushSubscriptionRecord/maximumPerAccount``.
    func subscribe(_ device: Device) async throws {
        try await database.writeTransaction { database in
            if let mine = try await PushSubscriptionRecord.query(on: database).filter(\.$endpoint == device.endpoint)
                .filter(\.$user.$id == userID).first()
            {
                mine.p256dh = device.p256dh
                mine.auth = device.auth
                try await mine.save(on: database)
                return
            }
            try await PushSubscriptionRecord.query(on: database).filter(\.$endpoint == device.endpoint).delete()
            try await PushSubscriptionRecord(
                userID: userID, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, createdAt: now
            )
            .create(on: database)
            let kept = try await PushSubscriptionRecord.query(on: database).filter(\.$user.$id == userID).sort(\.$createdAt, .descending)
                .range(..<PushSubscriptionRecord.maximumPerAccount).all().compactMap(\.id)
            try await PushSubscriptionRecord.query(on: database).filter(\.$user.$id == userID).filter(\.$id !~ kept).delete()
        }
    }

    /// Forgets this account's device at `endpoint`; false when it has none there.
    func unsubscribe(endpoint: String) async throws -> Bool {
        guard endpoint.utf8.count <= Self.maximumEndpointLength,
            let device = try await PushSubscriptionRecord.query(on: database).filter(\.$user.$id == userID)
                .filter(\.$endpoint == endpoint).first()
        else { return false }
        try await device.delete(on: database)
        return true
    }

    /// The kinds this account turned off.
    func mutedKinds() async throws -> Set<NotificationKind> {
        Set(
            try await NotificationMuteRecord.query(on: database).filter(\.$user.$id == userID).all().compactMap {
                NotificationKind(rawValue: $0.kind)
            })
    }

    /// Turns off exactly `muted`, and on every other kind.
    func setMutedKinds(_ muted: Set<NotificationKind>) async throws {
        try await database.writeTransaction { database in
            try await NotificationMuteRecord.query(on: database).filter(\.$user.$id == userID).delete()
            for kind in NotificationKind.allCases where muted.contains(kind) {
                try await NotificationMuteRecord(userID: userID, kind: kind).create(on: database)
            }
        }
    }
}

extension Request {
    /// The Notifications module's operations for the signed-in user.
    func notifications() throws -> NotificationsService {
        NotificationsService(database: db, userID: try requireUser().requireID(), settings: application.pushSettings, now: now)
    }
}
