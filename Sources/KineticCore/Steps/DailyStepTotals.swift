/// Daily step totals that match the Health app, from raw samples of every source.
///
/// Rules:
/// 1. Exact duplicates (same source, start, end and value) count once.
/// 2. Where samples of different sources overlap in time, each instant is credited to the
///    highest-ranked source covering it (``SourceRanking``); a lower-ranked sample contributes
///    its value times the fraction of its interval that no higher-ranked sample covers.
///    Samples of one source never cover each other.
/// 3. A sample belongs to the local day of its own UTC offset; a sample crossing local midnight
///    is split in proportion to time. A zero-length sample counts whole on its day, unless a
///    higher-ranked sample covers that instant.
public enum DailyStepTotals {
    /// Steps by local date (unrounded).
    public static func compute(_ samples: [StepSample], ranking: SourceRanking = SourceRanking()) -> [LocalDate: Double] {
        var byRank: [SourceRanking.Rank: [StepSample]] = [:]
        for sample in Set(samples) {
            byRank[ranking.rank(sourceName: sample.sourceName, kind: sample.kind), default: []].append(sample)
        }
        var covered = IntervalSet()
        var totalsByDay: [Int: Double] = [:]
        for rank in byRank.keys.sorted() {
            let group = byRank[rank]!
            for sample in group {
                add(sample, uncoveredBy: covered, to: &totalsByDay)
            }
            covered.formUnion(group.filter { $0.end > $0.start }.map { ($0.start, $0.end) })
        }
        var totals: [LocalDate: Double] = [:]
        for (day, steps) in totalsByDay { totals[LocalDate(daysSince1970: day)] = steps }
        return totals
    }

    /// Whole steps by date, rounded, days without steps left out — as the API answers.
    public static func rounded(_ totals: [LocalDate: Double]) -> [LocalDate: Int] {
        var result: [LocalDate: Int] = [:]
        for (date, steps) in totals {
            let whole = Int(steps.rounded())
            if whole > 0 { result[date] = whole }
        }
        return result
    }

    private static let secondsPerDay = 86_400.0

    /// The local day number (days since 1970-01-01) of an instant with the given UTC offset.
    public static func localDay(_ time: Double, offset: Int) -> Int {
        Int(((time + Double(offset)) / secondsPerDay).rounded(.down))
    }

    private static func add(_ sample: StepSample, uncoveredBy covered: IntervalSet, to totals: inout [Int: Double]) {
        let duration = sample.end - sample.start
        guard duration > 0 else {
            if !covered.contains(sample.start) { totals[localDay(sample.start, offset: sample.utcOffset), default: 0] += sample.value }
            return
        }
        for (pieceStart, pieceEnd) in covered.gaps(from: sample.start, to: sample.end) {
            var cursor = pieceStart
            while cursor < pieceEnd {
                let day = localDay(cursor, offset: sample.utcOffset)
                let nextMidnight = Double(day + 1) * secondsPerDay - Double(sample.utcOffset)
                let segmentEnd = min(pieceEnd, nextMidnight)
                totals[day, default: 0] += sample.value * (segmentEnd - cursor) / duration
                cursor = segmentEnd
            }
        }
    }
}

/// Disjoint half-open intervals [start, end), sorted, for coverage queries.
struct IntervalSet {
    private(set) var intervals: [(start: Double, end: Double)] = []

    /// Adds intervals, merging overlapping and touching ones.
    mutating func formUnion(_ added: [(Double, Double)]) {
        guard !added.isEmpty else { return }
        let all = (intervals + added.map { (start: $0.0, end: $0.1) }).sorted { $0.start < $1.start }
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

    /// The parts of [start, end) not covered.
    func gaps(from start: Double, to end: Double) -> [(Double, Double)] {
        var result: [(Double, Double)] = []
        var cursor = start
        var index = firstEnding(after: start)
        while cursor < end {
            guard index < intervals.count, intervals[index].start < end else {
                result.append((cursor, end))
                break
            }
            let interval = intervals[index]
            if interval.start > cursor { result.append((cursor, interval.start)) }
            cursor = max(cursor, interval.end)
            index += 1
        }
        return result
    }
}
