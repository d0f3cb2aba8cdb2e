/// What a plausible step-count sample looks like. Anything outside is refused when pushed
/// (422) and skipped (and counted) when it comes inside an export, so no stored value can make a
/// page or a sum cost more than real data does.
///
/// - At most ``maximumSteps`` steps in one sample: about 70 steps a second for 24 hours would be
///   needed to exceed it, far above any human (a sprinter manages about 5 a second).
/// - At most ``maximumDuration`` seconds long: the Health app splits longer periods.
/// - Between ``earliestDate`` and the day after "today" where the user is, each end on its own
///   UTC offset's local day (tomorrow allows for time zones ahead of the user's).
public struct StepSampleLimits: Equatable, Sendable {
    /// The most steps one sample may hold.
    public static let maximumSteps = 100_000.0
    /// The longest a sample may last, in seconds (24 hours).
    public static let maximumDuration = 86_400.0
    /// The first date a sample may lie on.
    public static let earliestDate = LocalDate(year: 2000, month: 1, day: 1)!

    /// Why a sample is refused.
    public enum Violation: Equatable, Sendable {
        /// Negative, not a number, or more than ``maximumSteps``.
        case steps
        /// Ends before it starts, or lasts longer than ``maximumDuration``.
        case duration
        /// Lies before ``earliestDate`` or after the latest allowed date.
        case date
    }

    /// The last local date a sample may reach (the day after the user's today).
    public let latestDate: LocalDate

    /// Limits for a user whose today is `today`.
    public init(today: LocalDate) {
        self.latestDate = LocalDate(daysSince1970: today.daysSince1970 + 1)
    }

    /// The first rule `sample` breaks, or nil when it is plausible.
    public func violation(of sample: StepSample) -> Violation? {
        violation(start: sample.start, end: sample.end, utcOffset: sample.utcOffset, steps: sample.value)
    }

    /// The first rule a sample with these fields breaks, or nil when it is plausible.
    public func violation(start: Double, end: Double, utcOffset: Int, steps: Double) -> Violation? {
        guard steps.isFinite, steps >= 0, steps <= Self.maximumSteps else { return .steps }
        guard start.isFinite, end.isFinite, end >= start, end - start <= Self.maximumDuration else { return .duration }
        let first = DailyStepTotals.localDay(start, offset: utcOffset)
        let last = DailyStepTotals.localDay(end, offset: utcOffset)
        guard first >= Self.earliestDate.daysSince1970, last <= latestDate.daysSince1970 else { return .date }
        return nil
    }
}
