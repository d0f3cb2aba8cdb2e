/// Daily step totals that match the Health app, from raw samples of every source, however
/// they arrived.
///
/// Rules:
/// 1. Exact duplicates (same source, channel, start, end and value) count once.
/// 2. One source's samples count, at each instant, only from the most trusted channel
///    (``StepChannel``) whose delivery claims that instant (``StepClaim``): an export's Watch
///    records over the days it holds, not the same walk pushed again; a sample partly claimed
///    by a more trusted channel keeps the share of its value of the time left to it.
/// 3. Where samples of different sources overlap in time, each instant is credited to the
///    highest-ranked source covering it (``SourceRanking``); a lower-ranked sample contributes
///    its value times the fraction of its interval that no higher-ranked sample covers.
///    Samples of one source never cover each other.
/// 4. A sample belongs to the local day of its own UTC offset; a sample crossing local midnight
///    is split in proportion to time. A zero-length sample counts whole on its day, unless a
///    higher-ranked sample, or a more trusted channel's claim, covers that instant.
public enum DailyStepTotals {
    /// Steps by local date (unrounded).
    public static func compute(
        _ samples: [StepSample], claims: [StepClaim] = [], ranking: SourceRanking = SourceRanking()
    ) -> [LocalDate: Double] {
        var totalsByDay: [Int: Double] = [:]
        walk(samples, claims: claims, ranking: ranking) { sample, start, end, counts in
            guard counts else { return }
            forEachPeriod(of: sample, from: start, to: end, length: secondsPerDay) { day, share in totalsByDay[day, default: 0] += share }
        }
        var totals: [LocalDate: Double] = [:]
        for (day, steps) in totalsByDay { totals[LocalDate(daysSince1970: day)] = steps }
        return totals
    }

    /// The samples grouped by rank, most trusted first, each group without exact duplicates.
    ///
    /// A month of minute-level data is tens of thousands of samples from a handful of sources,
    /// so each distinct source is ranked once (names compared by their bytes, not by Unicode
    /// equivalence, which is slow for names like "Ana’s iPhone"), and duplicates are found by
    /// sorting rather than by hashing every sample.
    static func rankedGroups(_ samples: [StepSample], ranking: SourceRanking) -> [[StepSample]] {
        var sourceIndex: [SourceKey: Int] = [:]
        var sourceRanks: [SourceRanking.Rank] = []
        var sampleSource: [Int] = []
        sampleSource.reserveCapacity(samples.count)
        for sample in samples {
            let key = SourceKey(name: sample.sourceName, kind: sample.kind)
            if let index = sourceIndex[key] {
                sampleSource.append(index)
            } else {
                sourceIndex[key] = sourceRanks.count
                sampleSource.append(sourceRanks.count)
                sourceRanks.append(ranking.rank(sourceName: sample.sourceName, kind: sample.kind))
            }
        }
        // Sources sharing a rank (the user's order ignores kinds) form one group.
        let distinctRanks = Array(Set(sourceRanks)).sorted()
        let groupOfRank = Dictionary(uniqueKeysWithValues: distinctRanks.enumerated().map { ($1, $0) })
        let groupOfSource = sourceRanks.map { groupOfRank[$0]! }
        var groups = Array(repeating: [StepSample](), count: distinctRanks.count)
        for (index, sample) in samples.enumerated() { groups[groupOfSource[sampleSource[index]]].append(sample) }
        return groups.map(withoutDuplicates)
    }

    /// The samples, sorted by time, with exact duplicates (same source, channel, start, end,
    /// offset, value) once.
    private static func withoutDuplicates(_ samples: [StepSample]) -> [StepSample] {
        let sorted = samples.sorted { ($0.start, $0.end, $0.value, $0.utcOffset) < ($1.start, $1.end, $1.value, $1.utcOffset) }
        var result: [StepSample] = []
        result.reserveCapacity(sorted.count)
        var runStart = 0 // the first sample with the current start, end, value and offset
        for sample in sorted {
            if let previous = result.last, previous.start == sample.start, previous.end == sample.end,
                previous.value == sample.value, previous.utcOffset == sample.utcOffset
            {
                // Same time and value: a duplicate only if a kept sample of this run has the same source.
                if result[runStart...].contains(where: {
                    $0.kind == sample.kind && $0.channel == sample.channel && $0.sourceName.utf8.elementsEqual(sample.sourceName.utf8)
                }) {
                    continue
                }
            } else {
                runStart = result.count
            }
            result.append(sample)
        }
        return result
    }

    /// A source by its name's bytes and its kind.
    private struct SourceKey: Hashable {
        let name: String
        let kind: StepSourceKind

        static func == (lhs: SourceKey, rhs: SourceKey) -> Bool {
            lhs.kind == rhs.kind && lhs.name.utf8.elementsEqual(rhs.name.utf8)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            var name = name
            name.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Whole steps by date, rounded, days without steps left out — as the API answers.
    public static func rounded(_ totals: [LocalDate: Double]) -> [LocalDate: Int] {
        var result: [LocalDate: Int] = [:]
        for (date, steps) in totals {
            let whole = Int(saturating: steps)
            if whole > 0 { result[date] = whole }
        }
        return result
    }

    private static let secondsPerDay = 86_400.0

    /// The local day number (days since 1970-01-01) of an instant with the given UTC offset.
    /// Held within `Int`'s range, so an absurd time cannot trap.
    public static func localDay(_ time: Double, offset: Int) -> Int {
        Int(saturating: ((time + Double(offset)) / secondsPerDay).rounded(.down))
    }

    /// The local days `samples` touch, from the first start to the last end, each in its own
    /// offset; nil without samples.
    public static func days(touchedBy samples: [StepSample]) -> ClosedRange<Int>? {
        guard let first = samples.lazy.map({ localDay($0.start, offset: $0.utcOffset) }).min(),
            let last = samples.lazy.map({ localDay($0.end, offset: $0.utcOffset) }).max()
        else { return nil }
        return first...last
    }

    /// Goes through the samples as the rules say, most trusted first, calling `visit` with each
    /// part of a sample its own source's channels leave to it (`counts` false: what it recorded
    /// there), and with each part of those that no higher-ranked source covers (`counts` true:
    /// what it adds to the total). A zero-length sample's parts are its instant (start == end).
    static func walk(
        _ samples: [StepSample], claims: [StepClaim], ranking: SourceRanking,
        visit: (_ sample: StepSample, _ start: Double, _ end: Double, _ counts: Bool) -> Void
    ) {
        let claimed = ClaimedPeriods(claims)
        var covered = IntervalSet()
        for group in rankedGroups(samples, ranking: ranking) {
            var own: [(Double, Double)] = []
            for sample in group {
                let moreTrusted = claimed.moreTrusted(than: sample.channel, forSource: sample.sourceName)
                guard sample.end > sample.start else {
                    guard moreTrusted?.contains(sample.start) != true else { continue }
                    visit(sample, sample.start, sample.start, false)
                    if !covered.contains(sample.start) { visit(sample, sample.start, sample.start, true) }
                    continue
                }
                func left(_ ownStart: Double, _ ownEnd: Double) {
                    visit(sample, ownStart, ownEnd, false)
                    covered.forEachGap(from: ownStart, to: ownEnd) { visit(sample, $0, $1, true) }
                    own.append((ownStart, ownEnd))
                }
                if let moreTrusted {
                    moreTrusted.forEachGap(from: sample.start, to: sample.end, left)
                } else {
                    left(sample.start, sample.end)
                }
            }
            covered.formUnion(own)
        }
    }

    /// Calls `body` with each local period (day or hour number since 1970, `length` seconds, in
    /// the sample's own offset) that [start, end) of `sample` touches, and the share of its
    /// value that part holds (in proportion to time; a zero-length sample's whole value).
    static func forEachPeriod(
        of sample: StepSample, from start: Double, to end: Double, length: Double, _ body: (_ period: Int, _ share: Double) -> Void
    ) {
        let offset = Double(sample.utcOffset)
        let duration = sample.end - sample.start
        guard duration > 0 else {
            body(Int(saturating: ((start + offset) / length).rounded(.down)), sample.value)
            return
        }
        var cursor = start
        while cursor < end {
            var period = Int(saturating: ((cursor + offset) / length).rounded(.down))
            // The period's end, past the cursor even where rounding put the cursor on it.
            var boundary = Double(period + 1) * length - offset
            if boundary <= cursor {
                period += 1
                boundary += length
            }
            let segmentEnd = min(end, boundary)
            body(period, sample.value * (segmentEnd - cursor) / duration)
            cursor = segmentEnd
        }
    }
}

/// The periods each source's deliveries claim, by channel: for a sample, those of its source's
/// more trusted channels. Sources are told apart by their names' bytes.
struct ClaimedPeriods {
    private var bySource: [NameKey: [StepChannel: IntervalSet]] = [:]

    init(_ claims: [StepClaim]) {
        var periods: [NameKey: [StepChannel: [(Double, Double)]]] = [:]
        for claim in claims where claim.end > claim.start {
            periods[NameKey(claim.sourceName), default: [:]][claim.channel, default: []].append((claim.start, claim.end))
        }
        for (source, channels) in periods {
            var moreTrusted: [StepChannel: IntervalSet] = [:]
            var above = IntervalSet()
            for channel in StepChannel.allCases {
                if !above.intervals.isEmpty { moreTrusted[channel] = above }
                above.formUnion(channels[channel] ?? [])
            }
            bySource[source] = moreTrusted
        }
    }

    /// The periods claimed by channels more trusted than `channel` for `source`; nil when none.
    func moreTrusted(than channel: StepChannel, forSource source: String) -> IntervalSet? {
        guard !bySource.isEmpty else { return nil }
        return bySource[NameKey(source)]?[channel]
    }

    /// A source's name, compared and hashed by its bytes.
    struct NameKey: Hashable {
        let name: String

        init(_ name: String) { self.name = name }

        static func == (lhs: NameKey, rhs: NameKey) -> Bool { lhs.name.utf8.elementsEqual(rhs.name.utf8) }

        func hash(into hasher: inout Hasher) {
            var name = name
            name.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
}

/// Disjoint half-open intervals [start, end), sorted, for coverage queries.
struct IntervalSet {
    private(set) var intervals: [(start: Double, end: Double)] = []

    /// Adds intervals, merging overlapping and touching ones.
    mutating func formUnion<Added: Sequence>(_ added: Added) where Added.Element == (Double, Double) {
        let all = (intervals + added.map { (start: $0.0, end: $0.1) }).sorted { $0.start < $1.start }
        guard all.count > intervals.count else { return }
        var merged: [(start: Double, end: Double)] = []
        merged.reserveCapacity(all.count)
        for interval in all {
            if let last = merged.last, interval.start <= last.end {
                merged[merged.count - 1].end = max(last.end, interval.end)
            } else {
                merged.append(interval)
            }
        }
        intervals = merged
    }

    /// The index of the first interval ending after `time`.
    private func firstEnding(after time: Double) -> Int {
        var low = 0, high = intervals.count
        while low < high {
            let middle = (low + high) / 2
            if intervals[middle].end <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    func contains(_ time: Double) -> Bool {
        let index = firstEnding(after: time)
        return index < intervals.count && intervals[index].start <= time
    }

    /// Calls `body` with each part of [start, end) not covered, in order, without collecting them.
    func forEachGap(from start: Double, to end: Double, _ body: (Double, Double) -> Void) {
        var cursor = start
        var index = firstEnding(after: start)
        while cursor < end {
            guard index < intervals.count, intervals[index].start < end else {
                body(cursor, end)
                break
            }
            let interval = intervals[index]
            if interval.start > cursor { body(cursor, interval.start) }
            cursor = max(cursor, interval.end)
            index += 1
        }
    }
}
