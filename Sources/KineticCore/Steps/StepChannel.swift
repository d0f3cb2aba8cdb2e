/// How a step sample reached Kinetic. One source's samples can arrive by several channels (the
/// same Watch walk in an export, pushed by a Shortcut, and again by Health Auto Export); where
/// the periods they are the truth for (``StepClaim``) overlap, only the most trusted channel's
/// samples count there, so the same walk is never counted twice.
public enum StepChannel: Int, Comparable, CaseIterable, Sendable {
    /// An Apple Health export: every record, as Health held it when the export was made.
    case export = 0
    /// Kinetic's own push endpoint (an Apple Shortcut, an app): samples as Health holds them.
    case push = 1
    /// Health Auto Export's REST automation: often totals per minute, hour or day.
    case autoExport = 2

    public static func < (lhs: StepChannel, rhs: StepChannel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A period one delivery is the truth for, for one source on one channel: an export from the
/// first day it holds for the source until it was made, a push over the span it says it covers.
/// A newer delivery of the same source and channel replaces what an earlier one stored inside
/// its claim (``StepClaim/replaces(start:)``), so records changed or deleted in Health are
/// changed or gone here too, and the same delivery twice changes nothing. Times are seconds
/// since 1970 (UTC), the end excluded.
public struct StepClaim: Hashable, Sendable {
    public let sourceName: String
    public let channel: StepChannel
    public let start: Double
    public let end: Double

    public init(sourceName: String, channel: StepChannel, start: Double, end: Double) {
        self.sourceName = sourceName
        self.channel = channel
        self.start = start
        self.end = max(start, end)
    }

    /// Whether a stored sample of this source and channel starting at `start` is replaced by
    /// this claim's delivery (it starts inside the claim).
    public func replaces(start sampleStart: Double) -> Bool { sampleStart >= start && sampleStart < end }

    /// `claims` with those of one source and channel made one, from the earliest start to the
    /// latest end (a delivery's claims read a part at a time).
    public static func spans(of claims: [StepClaim]) -> [StepClaim] {
        var spans: [String: [StepChannel: (start: Double, end: Double)]] = [:]
        for claim in claims {
            let span = spans[claim.sourceName]?[claim.channel]
            spans[claim.sourceName, default: [:]][claim.channel] = (
                min(span?.start ?? claim.start, claim.start), max(span?.end ?? claim.end, claim.end)
            )
        }
        return spans.flatMap { source, channels in
            channels.map { StepClaim(sourceName: source, channel: $0.key, start: $0.value.start, end: $0.value.end) }
        }.sorted { ($0.sourceName, $0.channel, $0.start) < ($1.sourceName, $1.channel, $1.start) }
    }

    /// The claims of one delivery on `channel`: for each source among `samples`, from its first
    /// sample's start (or its local midnight, `fromMidnight`, as an export holds whole days) to
    /// `until` when the delivery says how far it reaches (an export's date), else to its last
    /// sample's end. Sources are told apart by their names' bytes.
    public static func claims(
        of samples: [StepSample], channel: StepChannel, fromMidnight: Bool, until: Double? = nil
    ) -> [StepClaim] {
        var spans: [String: (start: Double, end: Double)] = [:]
        for sample in samples {
            let start =
                fromMidnight
                ? Double(DailyStepTotals.localDay(sample.start, offset: sample.utcOffset)) * 86_400 - Double(sample.utcOffset)
                : sample.start
            let end = max(sample.end, until ?? sample.end)
            if let span = spans[sample.sourceName] {
                spans[sample.sourceName] = (min(span.start, start), max(span.end, end))
            } else {
                spans[sample.sourceName] = (start, end)
            }
        }
        return spans.map { StepClaim(sourceName: $0.key, channel: channel, start: $0.value.start, end: $0.value.end) }
            .sorted { ($0.sourceName, $0.start) < ($1.sourceName, $1.start) }
    }
}
