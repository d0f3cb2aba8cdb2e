import Foundation

/// A workout plays in one place at a time. Each playing of it (a run, one tab or device) claims
/// it when it starts and says it is still there with every progress save (every 15 s while it
/// plays, and on pause). A run holds the workout while it has been heard from within
/// ``heldFor`` seconds (three missed saves); another run that claims it meanwhile is told it
/// plays elsewhere and may take it over, after which the first run's next save, and its finish,
/// are refused: the workout is recorded once, by the run that holds it.
public struct WorkoutPlayLease: Equatable, Sendable {
    /// How long a run holds its workout after it was last heard from.
    public static let heldFor: TimeInterval = 45

    /// The run that holds it.
    public var runID: UUID
    /// When that run claimed it.
    public var since: Date
    /// When that run was last heard from.
    public var seenAt: Date
    /// Exercise seconds done before the place the run started from (0 from the start, the work
    /// before a resumed exercise otherwise): with the time since it began, the most it can have worked.
    public var creditedWorkSeconds: Int

    public init(runID: UUID, since: Date, seenAt: Date, creditedWorkSeconds: Int) {
        self.runID = runID
        self.since = since
        self.seenAt = seenAt
        self.creditedWorkSeconds = creditedWorkSeconds
    }

    /// Whether the lease still holds the workout at `now`.
    public func holds(at now: Date) -> Bool { now.timeIntervalSince(seenAt) < Self.heldFor }

    /// The most exercise time the run can have worked by `now`: what it was credited with,
    /// plus the time since it began and ``slackSeconds`` for the player's rounding and a slow network.
    public func playableSeconds(at now: Date) -> Int {
        creditedWorkSeconds + Int(max(0, now.timeIntervalSince(since)).rounded(.up)) + Self.slackSeconds
    }

    public static let slackSeconds = 5

    /// What a claim by `runID` at `now` meets.
    public enum Claim: Equatable, Sendable {
        /// The run holds the workout (a new lease, or its own renewed).
        case granted(WorkoutPlayLease)
        /// Another run holds it: the claimant may take it over.
        case playingElsewhere(since: Date)
    }

    /// A run's claim of a workout whose lease is `current`: granted when nobody holds it, when
    /// the run already does (its start is kept), or when it takes the workout over.
    public static func claim(
        runID: UUID, creditedWorkSeconds: Int, takingOver: Bool, current: WorkoutPlayLease?, at now: Date
    ) -> Claim {
        if let current, current.runID == runID {
            var renewed = current
            renewed.seenAt = now
            return .granted(renewed)
        }
        if let current, current.holds(at: now), !takingOver { return .playingElsewhere(since: current.since) }
        return .granted(WorkoutPlayLease(runID: runID, since: now, seenAt: now, creditedWorkSeconds: max(0, creditedWorkSeconds)))
    }

    /// Whether `runID` may save progress or finish at `now`: it holds the lease, or nobody does
    /// (a run that played offline, or an older client that never claims). A run that was taken
    /// over may not, while its taker holds the workout.
    public static func mayReport(runID: UUID?, current: WorkoutPlayLease?, at now: Date) -> Bool {
        guard let current, current.holds(at: now) else { return true }
        return current.runID == runID
    }
}
