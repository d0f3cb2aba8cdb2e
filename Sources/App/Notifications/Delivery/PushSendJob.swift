import Fluent
import Foundation
import KineticCore
import Vapor
import WebPush

/// Sending one notification to one device, as a background job (`push.send`) on the quick
/// workers (it waits for a network, never for a tool): accepted, it is done; a device whose
/// subscription is gone (404, 410) or whose endpoint is no longer allowed is forgotten; a
/// push service that is down or busy (429, 5xx, no answer) is tried again later (after its
/// `Retry-After` when it says one, else the jobs' backoff), up to ``maximumAttempts`` times. Each
/// device's jobs have an owner of their own, so a device whose push service is slow waits its
/// turn beside the others' instead of holding them up; a message too large for one push is
/// refused at once.
struct PushSendJob: Codable, Sendable {
    static let kind = "push.send"
    static let maximumAttempts = 6

    let subscriptionID: UUID
    let message: PushMessage

    /// One owner per device: its notifications go one after another, in the order they came.
    static func owner(_ subscriptionID: UUID) -> String { "push:\(subscriptionID.uuidString.lowercased())" }

    struct Result: Codable, Sendable {
        /// `accepted`, `forgotten` (the device is gone) or `skipped` (gone already, or the kind turned off since).
        let outcome: String
    }

    static func run(_ job: JobRecord, _ app: Application) async throws -> Result {
        let input = try JSONDecoder().decode(PushSendJob.self, from: Data(job.payload.utf8))
        guard let device = try await PushSubscriptionRecord.find(input.subscriptionID, on: app.db) else {
            return Result(outcome: "skipped")
        }
        let muted = try await NotificationMuteRecord.query(on: app.db).filter(\.$user.$id == device.$user.id)
            .filter(\.$kind == input.message.kind.rawValue).first()
        guard muted == nil else { return Result(outcome: "skipped") }
        guard let endpoint = URL(string: device.endpoint), app.pushSettings.allows(endpoint),
            let subscriber = try? PushSubscriber(p256dh: device.p256dh, auth: device.auth)
        else {
            try await device.delete(on: app.db)
            return Result(outcome: "forgotten")
        }
        let outcome: PushDelivery.Outcome
        do {
            outcome = try await app.pushSender.send(
                input.message, PushSender.Device(endpoint: endpoint, subscriber: subscriber), try await app.vapidKey())
        } catch is PushEncryption.TooLarge {
            throw AppError(status: .unprocessableEntity, code: "push_too_large", messageKey: "error.push.refused")
        }
        switch outcome {
        case .accepted:
            return Result(outcome: "accepted")
        case .gone:
            try await device.delete(on: app.db)
            return Result(outcome: "forgotten")
        case .later(let retryAfter):
            var busy = AppError(status: .serviceUnavailable, code: "push_service_busy", messageKey: "error.push.serviceBusy")
            busy.retryAfterSeconds = retryAfter
            throw busy
        case .refused(let status):
            app.logger.warning(
                "A push service refused a notification (HTTP \(status)); it is not sent again",
                metadata: ["endpoint": "\(endpoint.host ?? "")"])
            throw AppError(status: .unprocessableEntity, code: "push_refused", messageKey: "error.push.refused")
        }
    }
}
