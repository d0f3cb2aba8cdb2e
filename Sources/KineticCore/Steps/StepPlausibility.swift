/// Steps no person plausibly took are set aside: kept and shown, not counted, until the person
/// counts them anyway. A sample faster than ``maximumPerMinute`` (its rate over at least a
/// minute, so a short burst is judged as a minute of it), or a day over ``maximumPerDay``.
/// Steps entered by hand are the person's own word and always count.
///
/// These are not ``StepSampleLimits``, which refuse what no data could be (a sample of 24 hours,
/// a date in 1999); set-aside data is possible data that a broken tracker, a phone shaken in a
/// car or a mistyped automation makes, and the person decides.
public enum StepPlausibility {
    /// Steps a minute: well above a sprinter's cadence (about 200), far above anyone's for long.
    public static let maximumPerMinute = 250.0
    /// Steps a day: a marathon is about 40,000.
    public static let maximumPerDay = 100_000.0

    /// A sample as the person counts it anyway: its source, period and steps.
    public struct SampleKey: Hashable, Sendable {
        public let sourceName: String
        public let start: Double
        public let end: Double
        public let value: Double

        public init(sourceName: String, start: Double, end: Double, value: Double) {
            self.sourceName = sourceName
            self.start = start
            self.end = end
            self.value = value
        }

        public init(_ sample: StepSample) {
            self.init(sourceName: sample.sourceName, start: sample.start, end: sample.end, value: sample.value)
        }
    }

    /// What the person counted anyway.
    public struct CountedAnyway: Equatable, Sendable {
        public var samples: Set<SampleKey>
        public var days: Set<LocalDate>

        public init(samples: Set<SampleKey> = [], days: Set<LocalDate> = []) {
            self.samples = samples
            self.days = days
        }
    }

    /// Whether `sample` is faster than a person walks or runs.
    public static func isTooFast(_ sample: StepSample) -> Bool {
        guard sample.kind != .manual else { return false }
        return sample.value * 60 / max(sample.end - sample.start, 60) > maximumPerMinute
    }

    /// `samples` split into those that count and those set aside as too fast (unless counted anyway).
    public static func split(_ samples: [StepSample], anyway: CountedAnyway) -> (counted: [StepSample], setAside: [StepSample]) {
        var counted: [StepSample] = [], setAside: [StepSample] = []
        counted.reserveCapacity(samples.count)
        for sample in samples {
            if isTooFast(sample), !anyway.samples.contains(SampleKey(sample)) { setAside.append(sample) } else { counted.append(sample) }
        }
        return (counted, setAside)
    }

    /// Daily totals with the days over ``maximumPerDay`` set aside (unless counted anyway).
    public static func days(
        _ totals: [LocalDate: Double], anyway: CountedAnyway
    ) -> (counted: [LocalDate: Double], setAside: [LocalDate: Double]) {
        var counted: [LocalDate: Double] = [:], setAside: [LocalDate: Double] = [:]
        for (date, steps) in totals {
            if steps > maximumPerDay, !anyway.days.contains(date) { setAside[date] = steps } else { counted[date] = steps }
        }
        return (counted, setAside)
    }

    /// What was counted and what was set aside, as ``totals(_:claims:ranking:anyway:)`` tells it.
    public struct Counted: Sendable {
        /// Steps by local date (unrounded), days set aside left out.
        public let totals: [LocalDate: Double]
        public let setAsideSamples: [StepSample]
        public let setAsideDays: [LocalDate: Double]
    }

    /// The daily totals as Kinetic counts them: samples faster than a person set aside, the rest
    /// merged (``DailyStepTotals``), then days over the maximum set aside; what was counted anyway counts.
    public static func totals(
        _ samples: [StepSample], claims: [StepClaim], ranking: SourceRanking, anyway: CountedAnyway
    ) -> Counted {
        let (counted, setAside) = split(samples, anyway: anyway)
        let byDay = days(DailyStepTotals.compute(counted, claims: claims, ranking: ranking), anyway: anyway)
        return Counted(totals: byDay.counted, setAsideSamples: setAside, setAsideDays: byDay.setAside)
    }
}
