import Fluent
import Foundation
import KineticCore
import SQLKit
import Vapor

extension AppError {
    /// Another playing of the workout holds it (``WorkoutPlayLease``): this one may take it over.
    static let playingElsewhere = AppError(status: .conflict, code: "playing_elsewhere", messageKey: "error.workouts.playingElsewhere")
}

extension WorkoutsService {
    /// A playing (`runID`) of `workout` starts or goes on from `place` (nil: the start): it holds
    /// the workout from now (``WorkoutPlayLease/claim(runID:creditedWorkSeconds:takingOver:current:at:)``),
    /// or, when another playing holds it and this one does not take it over, 409 `playing_elsewhere`.
    /// Two claims at once: the one stored last holds it, and the other is told so.
    @discardableResult
    func claimPlay(
        _ workout: WorkoutRecord, runID: UUID, from place: (exerciseIndex: Int, secondsLeft: Int)?, takingOver: Bool
    ) async throws -> WorkoutPlayLease {
        let plan = try workout.decodedPlan()
        if let place {
            let errors = plan.checkProgress(exerciseIndex: place.exerciseIndex, secondsLeft: place.secondsLeft)
            guard errors.isEmpty else { throw AppError.validation(errors) }
        }
        let credited = place.map { plan.workSeconds(before: $0.exerciseIndex, secondsLeft: $0.secondsLeft) } ?? 0
        // A claim that arrives after its playing left (its page's last save overtook it) takes nothing.
        if workout.hasLeft(runID), !takingOver { throw AppError.playingElsewhere }
        switch WorkoutPlayLease.claim(
            runID: runID, creditedWorkSeconds: credited, takingOver: takingOver, current: workout.playLease, at: now)
        {
        case .playingElsewhere:
            throw AppError.playingElsewhere
        case .granted(let lease):
            // Stored only if, in the database, nobody else holds it meanwhile (or this takes it
            // over): two claims at once cannot both win.
            let id = try workout.requireID()
            let heldBefore = now.addingTimeInterval(-WorkoutPlayLease.heldFor)
            let sql = try database.sql()
            var update = sql.update(WorkoutRecord.schema)
                .set("play_run_id", to: lease.runID).set("play_since", to: lease.since).set("play_seen_at", to: lease.seenAt)
                .set("play_credited_seconds", to: lease.creditedWorkSeconds)
                .where("id", .equal, id)
            if !takingOver {
                update = update.where { group in
                    group.where(SQLIdentifier("play_run_id"), .is, SQLLiteral.null).orWhere("play_run_id", .equal, runID)
                        .orWhere(SQLIdentifier("play_seen_at"), .is, SQLLiteral.null).orWhere("play_seen_at", .lessThanOrEqual, heldBefore)
                }
            }
            try await update.run()
            let stored = try await WorkoutRecord.find(id, on: database)
            guard stored?.playRunID == runID else { throw AppError.playingElsewhere }
            workout.playLease = stored?.playLease
            return stored?.playLease ?? lease
        }
    }

    /// The playing `runID` leaves `workout` (its page closed, or quit): nobody holds it from
    /// now, so another tab or device starts it without taking it over. Nothing when another holds it.
    func releasePlay(_ workout: WorkoutRecord, runID: UUID) async throws {
        // Also before its own claim arrived (a page left at once): then nobody holds it yet.
        guard workout.playRunID == runID || !(workout.playLease?.holds(at: now) ?? false) else { return }
        workout.playLease = nil
        // Which playing left is kept: a claim or save of it that arrives later takes nothing.
        workout.playRunID = runID
        try await workout.save(on: database)
    }

    /// A progress save of `runID` (after `workout`'s place was set from it): 409
    /// `playing_elsewhere` when another playing holds the workout; otherwise the playing holds it,
    /// heard from now. One the server had not heard of (it started offline, or the lease lapsed
    /// while paused) starts holding it here, credited with the whole plan (when it began is not
    /// known). The caller saves.
    func hearFrom(_ workout: WorkoutRecord, runID: UUID?) throws {
        let current = workout.playLease
        guard WorkoutPlayLease.mayReport(runID: runID, current: current, at: now) else { throw AppError.playingElsewhere }
        guard let runID, !workout.hasLeft(runID) else { return }
        if let lease = current, lease.runID == runID {
            // Only when it was heard from: a save must not write back who holds it.
            workout.playSeenAt = now
        } else {
            // When it began is not known (its saves may have waited in an offline phone's
            // outbox): it is credited with the whole plan, so only the plan bounds its finish.
            let whole = (try? workout.decodedPlan().workSeconds) ?? 0
            workout.playLease = WorkoutPlayLease(runID: runID, since: now, seenAt: now, creditedWorkSeconds: whole)
        }
    }

    /// Whether `runID` may finish `workout` now (409 `playing_elsewhere` when another playing
    /// holds it), and the most it can have worked when the server heard it begin.
    func finishing(_ workout: WorkoutRecord, runID: UUID?) throws -> Int? {
        let current = workout.playLease
        guard WorkoutPlayLease.mayReport(runID: runID, current: current, at: now) else { throw AppError.playingElsewhere }
        guard let current, current.runID == runID else { return nil }
        return current.playableSeconds(at: now)
    }
}

/// A playing's claim of a workout as sent (the API, and the player's script):
/// `{"runId": "…", "exerciseIndex": 2, "secondsLeft": 37, "takeOver": true}`; the place is
/// optional (from the start), both of its members or neither.
struct WorkoutPlayClaimInput {
    let runID: UUID
    let place: (exerciseIndex: Int, secondsLeft: Int)?
    let takingOver: Bool

    static func read(_ request: Request) async throws -> WorkoutPlayClaimInput {
        var reader = try await JSONMemberReader.object(
            request.jsonBody(), known: ["runId", "exerciseIndex", "secondsLeft", "takeOver"]
        ).get()
        let runID = reader.uuid("runId", invalidKey: "error.workouts.runID")
        let index = reader.integer("exerciseIndex", .optional), left = reader.integer("secondsLeft", .optional)
        let takingOver = reader.bool("takeOver", .optional) ?? false
        if (index == nil) != (left == nil) { reader.fail(index == nil ? "exerciseIndex" : "secondsLeft", "error.field.required") }
        guard let runID, reader.errors.isEmpty else { throw AppError.validation(reader.errors) }
        return WorkoutPlayClaimInput(runID: runID, place: index.flatMap { index in left.map { (index, $0) } }, takingOver: takingOver)
    }
}

/// Which playing holds a workout, and for how long without a word from it.
struct WorkoutPlayDTO: Content {
    let runId: UUID
    let since: String
    let heldForSeconds: Int

    init(_ lease: WorkoutPlayLease) {
        runId = lease.runID
        since = lease.since.formatted(.iso8601)
        heldForSeconds = Int(WorkoutPlayLease.heldFor)
    }
}

extension WorkoutRecord {
    /// Whether the playing `runID` let go of this workout (``WorkoutsService/releasePlay(_:runID:)``).
    func hasLeft(_ runID: UUID) -> Bool { playRunID == runID && playSeenAt == nil }
}
