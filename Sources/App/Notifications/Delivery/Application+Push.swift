import AsyncHTTPClient
import Fluent
import Foundation
import NIOConcurrencyHelpers
import Vapor
import WebPush

extension Application {
    private struct PushSenderKey: StorageKey { typealias Value = PushSender }
    private struct VAPIDKeyBox: StorageKey { typealias Value = NIOLockedValueBox<VAPIDKey?> }

    /// The Notifications module's settings (``PushSettings``).
    var pushSettings: PushSettings { kineticConfiguration.moduleSettings[PushSettings.self] }

    /// How a notification reaches a push service (``PushSender``): the live one unless a test put its own.
    var pushSender: PushSender {
        get { storage[PushSenderKey.self] ?? .live(http: outboundHTTP, subject: pushSubject, clock: kineticConfiguration.clock) }
        set { storage[PushSenderKey.self] = newValue }
    }

    /// VAPID's `sub` for this server.
    var pushSubject: String {
        let configuration = kineticConfiguration
        return pushSettings.subject(mailFrom: configuration.mail.from?.address, publicURL: configuration.publicURL)
    }

    /// Makes the notifier; called once by the module's `prepare`.
    func preparePush() {
        storage[VAPIDKeyBox.self] = NIOLockedValueBox(nil)
        pushNotifier = .live(self)
    }

    /// The server's VAPID key: read from the database once; the first instance to need one
    /// makes it (another making one at the same moment keeps the first that was stored).
    func vapidKey() async throws -> VAPIDKey {
        let box = storage[VAPIDKeyBox.self] ?? NIOLockedValueBox(nil)
        if let key = box.withLockedValue({ $0 }) { return key }
        if let stored = try await PushServerKeyRecord.find(PushServerKeyRecord.mainID, on: db) {
            guard let key = VAPIDKey(privateKeyBase64URL: stored.privateKey) else { throw UnreadableVAPIDKey() }
            box.withLockedValue { $0 = key }
            return key
        }
        let made = VAPIDKey()
        try await db.sql().insert(into: PushServerKeyRecord.schema)
            .fluentModel(PushServerKeyRecord(privateKey: made.privateKeyBase64URL, createdAt: now)).ignoringConflicts(with: ["id"]).run()
        return try await vapidKey()
    }
}

/// The kept VAPID key is not a P-256 key (the table was changed by hand).
struct UnreadableVAPIDKey: Error {}
