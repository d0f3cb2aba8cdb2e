import Fluent
import Foundation
import KineticCore
import Vapor

/// What a module's service does with background jobs for its user: check there is room, put
/// one in, wait a while for it to end (whichever instance runs it), read how it stands. The
/// live value is ``live(_:)``; a test builds one from its own closures, or one that fails the
/// test when it is used.
struct JobClient: Sendable {
    /// 503 with `Retry-After` when `owner` already has ``maximumWaitingPerOwner`` jobs waiting
    /// or running, or everyone ``maximumWaiting``.
    var checkRoom: @Sendable (_ owner: String, _ localizer: Localizer) async throws -> Void
    /// Puts a job of `kind` in for `owner` with its payload (JSON) and wakes the workers.
    var enqueueJSON: @Sendable (_ kind: String, _ owner: String, _ payload: String) async throws -> JobRecord
    /// The job `id` once it ended, or as it stands after `seconds`.
    var waitForEnd: @Sendable (_ id: UUID, _ seconds: TimeInterval) async throws -> JobRecord
    /// The job `id` if `owner`'s; nil otherwise (so for the others).
    var find: @Sendable (_ id: UUID, _ owner: String) async throws -> JobRecord?
    /// Wakes the workers for a job put in by other means (in a transaction of the caller's).
    var wakeUp: @Sendable () -> Void

    /// The most unfinished jobs one owner may have, and all owners together; beyond, 503 with
    /// `Retry-After`, before an upload is read.
    static let maximumWaitingPerOwner = 4
    static let maximumWaiting = 64

    func checkRoom(for owner: String, localizer: Localizer) async throws {
        try await checkRoom(owner, localizer)
    }

    func enqueue(_ kind: String, owner: String, payload: some Encodable) async throws -> JobRecord {
        try await enqueueJSON(kind, owner, try JobQueue.json(payload))
    }

    func wait(for id: UUID, upTo seconds: TimeInterval) async throws -> JobRecord {
        try await waitForEnd(id, seconds)
    }

    func job(_ id: UUID, of owner: String) async throws -> JobRecord? {
        try await find(id, owner)
    }
}

extension JobClient {
    /// The jobs of `application`'s database, run by whichever instance is free.
    static func live(_ application: Application) -> JobClient {
        JobClient(
            checkRoom: { owner, localizer in
                let unfinished = [JobState.scheduled, .available, .executing, .retryable]
                // Quick jobs (a push to a phone) wait for no tool: they take no one's room.
                let jobs = JobRecord.query(on: application.db).filter(\.$state ~~ unfinished)
                    .filter(\.$kind !~ application.jobs.kinds(in: .quick))
                let mine = try await jobs.copy().filter(\.$owner == owner).count()
                let all = try await jobs.count()
                guard mine < maximumWaitingPerOwner, all < maximumWaiting else {
                    let retryAfter = max(2, min(60, all / max(1, Application.toolThreadCount) * 5))
                    throw AppError.toolsBusy(retryAfter: retryAfter, localizer: localizer)
                }
            },
            enqueueJSON: { kind, owner, payload in
                let job = try await application.jobs.queue.enqueue(kind, owner: owner, json: payload, now: application.now)
                application.jobs.wakeUp()
                return job
            },
            waitForEnd: { id, seconds in try await application.waitForJob(id, upTo: seconds) },
            find: { id, owner in
                try await JobRecord.query(on: application.db).filter(\.$id == id).filter(\.$owner == owner).first()
            },
            wakeUp: { application.jobs.wakeUp() })
    }
}
