import Fluent
import Foundation
import KineticCore
import Vapor

/// What a module's service does with background jobs for its user: check there is room, put
/// one in, wait a while for it to end (whichever instance runs it), read how it stands.
struct JobClient: Sendable {
    let application: Application

    /// The most unfinished jobs one owner may have, and all owners together; beyond, 503 with
    /// `Retry-After`, before an upload is read.
    static let maximumWaitingPerOwner = 4
    static let maximumWaiting = 64

    /// 503 with `Retry-After` when `owner` already has ``maximumWaitingPerOwner`` jobs waiting
    /// or running, or everyone ``maximumWaiting``.
    func checkRoom(for owner: String, localizer: Localizer) async throws {
        let unfinished = [JobState.scheduled, .available, .executing, .retryable]
        let mine = try await JobRecord.query(on: application.db).filter(\.$owner == owner).filter(\.$state ~~ unfinished).count()
        let all = try await JobRecord.query(on: application.db).filter(\.$state ~~ unfinished).count()
        guard mine < Self.maximumWaitingPerOwner, all < Self.maximumWaiting else {
            throw AppError.toolsBusy(retryAfter: max(2, min(60, all / max(1, Application.toolThreadCount) * 5)), localizer: localizer)
        }
    }

    func enqueue(_ kind: String, owner: String, payload: some Encodable) async throws -> JobRecord {
        try await application.enqueueJob(kind, owner: owner, payload: payload)
    }

    /// The job `id` once it ended, or as it stands after `seconds`.
    func wait(for id: UUID, upTo seconds: TimeInterval) async throws -> JobRecord {
        try await application.waitForJob(id, upTo: seconds)
    }

    /// The job `id` if `owner`'s; nil otherwise (so for the others).
    func job(_ id: UUID, of owner: String) async throws -> JobRecord? {
        try await JobRecord.query(on: application.db).filter(\.$id == id).filter(\.$owner == owner).first()
    }
}
