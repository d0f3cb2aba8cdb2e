import Foundation

/// Where a background job stands: the states of Elixir's Oban, whose lifecycle Kinetic's
/// `jobs` table follows.
///
/// ```
/// scheduled ──(its time)──▶ available ──(claimed)──▶ executing ──▶ completed
///                               ▲                        │
///                               └──── retryable ◀────────┤ (failed, tries left)
///                                                        └──▶ discarded (refused, or out of tries)
/// ```
///
/// A job `executing` holds a lease; one whose lease ran out (its instance died) is rescued:
/// retryable again, or discarded when it has used its tries.
public enum JobState: String, CaseIterable, Codable, Sendable {
    /// Waiting for its time.
    case scheduled
    /// Due, waiting for a worker.
    case available
    /// Claimed by an instance, which holds its lease while it runs.
    case executing
    /// Failed, and tried again at its time.
    case retryable
    /// Done; final.
    case completed
    /// Given up on: refused for good or out of tries; final.
    case discarded

    /// Whether nothing more will happen to it.
    public var isFinal: Bool { self == .completed || self == .discarded }

    /// The states a worker claims from (once the job's time has come).
    public static let claimable: [JobState] = [.scheduled, .available, .retryable]
}

/// When a job that failed is tried again, and when it is given up on.
public enum JobRetry {
    /// The wait after the `attempt`th failed try (from 1): 15 s, doubling, at most an hour.
    public static func delay(afterAttempt attempt: Int) -> TimeInterval {
        min(3600, 15 * pow(2, Double(max(0, min(attempt, 20) - 1))))
    }

    /// What becomes of a job whose `attempt`th try (from 1) of `maximumAttempts` failed:
    /// `permanent` failures (a refusal that another try would only repeat) are discarded at once.
    public static func stateAfterFailure(attempt: Int, maximumAttempts: Int, permanent: Bool) -> JobState {
        permanent || attempt >= maximumAttempts ? .discarded : .retryable
    }
}
