/// The three views of the inner ring that the user swipes between (seed: "Main Goals Screen").
public enum RingRepresentation: String, CaseIterable, Sendable {
    /// The inner arc repeats the outer progress arc.
    case progress
    /// The inner arc shows the last session's share of the goal, ending at the tail of the progress
    /// arc (past 100 %, at the tail of the lap in progress).
    case lastSession
    /// The inner arc mirrors the remaining (gray) part; nothing when the goal is complete.
    case remaining
}

/// An arc of the ring, in degrees clockwise from 12 o'clock; `end - start` is its sweep (≤ 360).
public struct RingArc: Equatable, Sendable {
    public let start: Double
    public let end: Double

    public init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }

    public var sweep: Double { end - start }
    /// A whole circle.
    public static let full = RingArc(start: 0, end: 360)
}

/// The geometry of the goal ring: the outer blue (progress) and gray (remainder) arcs, the
/// inner orange arc of one representation, and the percentage shown in the centre.
public struct RingGeometry: Equatable, Sendable {
    /// Blue: the progress; nil when there is none (or no goal).
    public let progress: RingArc?
    /// Gray: what remains; nil when the goal is complete.
    public let remainder: RingArc?
    /// Past 100 %: the lap in progress over the full blue circle, from 12 o'clock (as the
    /// Activity rings show it, its end cap casting a shadow on the lap beneath); nil up to 100 %.
    /// 150 % and 250 % both end at 6 o'clock; a whole number of laps is a full circle.
    public let overlap: RingArc?
    /// Orange: the inner arc of the representation; nil when nothing is drawn.
    public let inner: RingArc?
    /// Progress as a whole percentage of the goal (may pass 100); nil without a goal.
    public let percentage: Int?
    public let isComplete: Bool

    /// The ring for `progress` towards `goal`, with `lastSession` the last session's amount.
    ///
    /// A goal of nil or 0 counts as no goal: the ring is a gray track with nothing drawn on it.
    /// Progress of 100 % or more is a full blue circle. The last session's arc ends where the
    /// blue lap in progress ends (past 100 %, the tail of the second lap: at 150 %, 6 o'clock) and
    /// runs back at most one whole circle, so a session larger than the goal fills the circle once.
    public static func make(goal: Int?, progress: Int, lastSession: Int?, representation: RingRepresentation) -> RingGeometry {
        guard let goal, goal > 0 else {
            return RingGeometry(progress: nil, remainder: .full, overlap: nil, inner: nil, percentage: nil, isComplete: false)
        }
        let amount = max(0, progress)
        let fraction = min(1, Double(amount) / Double(goal))
        let progressEnd = 360 * fraction
        let isComplete = amount >= goal
        let progressArc = amount > 0 ? RingArc(start: 0, end: progressEnd) : nil
        let remainderArc = isComplete ? nil : RingArc(start: progressEnd, end: 360)
        let laps = Double(amount) / Double(goal)
        let lapInProgress = laps.truncatingRemainder(dividingBy: 1)
        let overlap = laps > 1 ? RingArc(start: 0, end: lapInProgress == 0 ? 360 : 360 * lapInProgress) : nil
        let inner: RingArc?
        switch representation {
        case .progress:
            inner = progressArc
        case .lastSession:
            let tail = overlap?.end ?? progressEnd
            let share = min(laps, 1, Double(max(0, lastSession ?? 0)) / Double(goal))
            inner = share > 0 ? RingArc(start: tail - 360 * share, end: tail) : nil
        case .remaining:
            inner = remainderArc
        }
        return RingGeometry(
            progress: progressArc, remainder: remainderArc, overlap: overlap, inner: inner,
            percentage: Int((Double(amount) * 100 / Double(goal)).rounded(.down)), isComplete: isComplete
        )
    }
}
