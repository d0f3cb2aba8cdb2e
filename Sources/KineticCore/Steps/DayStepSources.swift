/// Why a day's total is what it is: for each hour of the day, each source's steps and how many
/// of them counted (``DailyStepTotals``'s rules: a source's steps count where no more trusted
/// source has any, and only its most trusted way of arriving counts for one moment).
public struct DayStepSources: Equatable, Sendable {
    /// One source in one hour.
    public struct Source: Equatable, Sendable {
        public let name: String
        public let kind: StepSourceKind
        /// Its steps in that hour, as the most trusted way they arrived holds them.
        public let recorded: Double
        /// Of those, the steps in the day's total.
        public let counted: Double
    }

    /// One hour of the day (0–23, local, each sample by its own offset) with steps.
    public struct Hour: Equatable, Sendable {
        public let hour: Int
        /// Most trusted first.
        public let sources: [Source]
    }

    public let date: LocalDate
    /// The day's total, unrounded.
    public let total: Double
    /// The hours with steps, in order.
    public let hours: [Hour]

    /// The breakdown of `date` from the samples around it (those of the day before and after
    /// may cross into it), as ``DailyStepTotals/compute(_:claims:ranking:)`` counts them.
    public static func of(
        _ date: LocalDate, samples: [StepSample], claims: [StepClaim] = [], ranking: SourceRanking = SourceRanking()
    ) -> DayStepSources {
        struct Key: Hashable {
            let hour: Int
            let name: String
            let kind: StepSourceKind
        }
        var recorded: [Key: Double] = [:]
        var counted: [Key: Double] = [:]
        let firstHour = date.daysSince1970 * 24
        DailyStepTotals.walk(samples, claims: claims, ranking: ranking) { sample, start, end, counts in
            DailyStepTotals.forEachPeriod(of: sample, from: start, to: end, length: 3_600) { hour, share in
                guard hour >= firstHour, hour < firstHour + 24 else { return }
                let key = Key(hour: hour - firstHour, name: sample.sourceName, kind: sample.kind)
                if counts { counted[key, default: 0] += share } else { recorded[key, default: 0] += share }
            }
        }
        let byHour = Dictionary(grouping: recorded.keys, by: \.hour)
        let hours = byHour.keys.sorted().map { hour in
            Hour(
                hour: hour,
                sources: byHour[hour, default: []]
                    .sorted { ranking.rank(sourceName: $0.name, kind: $0.kind) < ranking.rank(sourceName: $1.name, kind: $1.kind) }
                    .map { Source(name: $0.name, kind: $0.kind, recorded: recorded[$0] ?? 0, counted: counted[$0] ?? 0) })
        }
        return DayStepSources(date: date, total: counted.values.reduce(0, +), hours: hours)
    }
}
