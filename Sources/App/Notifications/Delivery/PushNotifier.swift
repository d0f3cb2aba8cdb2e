import Fluent
import Foundation
import KineticCore
import Vapor

/// Tells a person's devices that something happened: the modules call it where the thing
/// happens (a wish delivered, a reminder due, an import ended), on the database (or the
/// transaction) that records it. The live value puts one durable job per device in the job
/// queue (``PushSendJob``), on that same database, so a notification is sent once the change
/// is kept and tried again while its push service is down; ``none`` sends nothing.
struct PushNotifier: Sendable {
    /// Queues a notification of `kind` for `userID`'s devices, its words made in their
    /// language; nothing when they have no device or turned the kind off.
    var notify:
        @Sendable (_ userID: UUID, _ kind: NotificationKind, _ database: any Database, _ words: (Localizer) -> PushMessage)
            async throws -> Void

    func notify(
        _ userID: UUID, of kind: NotificationKind, on database: any Database, _ words: (Localizer) -> PushMessage
    )
        async throws
    {
        try await notify(userID, kind, database, words)
    }

    static let none = PushNotifier { _, _, _, _ in }
}

extension PushNotifier {
    /// Queues on `application`'s job queue and wakes its workers.
    static func live(_ application: Application) -> PushNotifier {
        PushNotifier { userID, kind, database, words in
            let devices = try await PushSubscriptionRecord.query(on: database).filter(\.$user.$id == userID).all()
            guard !devices.isEmpty,
                try await NotificationMuteRecord.query(on: database).filter(\.$user.$id == userID).filter(\.$kind == kind.rawValue)
                    .first() == nil,
                let user = try await User.find(userID, on: database)
            else { return }
            let language = user.appLanguage ?? .english
            var message = words(Localizer(language: language, catalog: application.stringCatalog))
            message.kind = kind
            message.language = language.rawValue
            let queue = JobQueue(database: database, instance: application.kineticConfiguration.instanceID)
            for device in devices {
                let id = try device.requireID()
                try await queue.enqueue(
                    PushSendJob.kind, owner: PushSendJob.owner(id), payload: PushSendJob(subscriptionID: id, message: message),
                    maximumAttempts: PushSendJob.maximumAttempts, now: application.now)
            }
            // Woken now, a worker may look before the caller's transaction commits: on SQLite
            // its claim waits for the write lock and finds the job; on PostgreSQL the NOTIFY goes
            // out with the commit and wakes it again.
            application.jobs.wakeUp()
        }
    }
}

extension Application {
    private struct PushNotifierKey: StorageKey { typealias Value = PushNotifier }

    /// How modules notify (``PushNotifier``): the live one, set up by the Notifications module;
    /// a test may put its own.
    var pushNotifier: PushNotifier {
        get { storage[PushNotifierKey.self] ?? .none }
        set { storage[PushNotifierKey.self] = newValue }
    }
}
