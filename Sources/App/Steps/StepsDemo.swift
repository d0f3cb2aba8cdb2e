import Foundation
import KineticCore

/// The demo account's steps: four months of walks recorded by an Apple Watch in five-minute
/// samples and, most of the time, by the iPhone in the pocket too (overlapping, so the totals
/// show the deduplication), and one walk typed in by hand.
enum DemoStepsData {
    static let watch = "Alex’s Apple Watch"
    static let phone = "Alex’s iPhone"

    /// Samples from the first day of the month three months back until `now`.
    static func samples(now: Date, timeZone: TimeZone) -> [StepSample] {
        let today = LocalDate(containing: now, in: timeZone)
        var month = Month(today)
        for _ in 0..<3 { month = month.previous }
        let first = LocalDate(year: month.year, month: month.month, day: 1)!.daysSince1970
        var random = SeededGenerator(seed: 20_621)
        var samples: [StepSample] = []
        for day in first...today.daysSince1970 {
            let noon = LocalDate(daysSince1970: day).noon(in: timeZone)
            let offset = timeZone.secondsFromGMT(for: noon)
            let midnight = Double(day * 86_400 - offset)
            // Morning commute, lunch walk, evening walk or run; a long hike now and then.
            var walks: [(startHour: Double, minutes: Int, pace: Double)] = [
                (8 + random.nextUnit() * 0.5, 15 + Int(random.nextUnit() * 15), 105),
                (12.5 + random.nextUnit() * 0.5, 10 + Int(random.nextUnit() * 15), 95),
                (18 + random.nextUnit(), 20 + Int(random.nextUnit() * 40), random.nextUnit() < 0.3 ? 150 : 110),
            ]
            if random.nextUnit() < 0.08 { walks.append((10, 150, 100)) }
            for walk in walks {
                let start = midnight + walk.startHour * 3_600
                let carriesPhone = random.nextUnit() < 0.8
                for chunk in stride(from: 0, to: walk.minutes, by: 5) {
                    let chunkStart = start + Double(chunk * 60)
                    let length = Double(min(5, walk.minutes - chunk) * 60)
                    guard chunkStart + length <= now.timeIntervalSince1970 else { break }
                    let steps = (walk.pace * length / 60 * (0.9 + random.nextUnit() * 0.2)).rounded()
                    samples.append(
                        StepSample(
                            sourceName: watch, kind: .watch, start: chunkStart, end: chunkStart + length, utcOffset: offset, value: steps))
                    if carriesPhone {
                        samples.append(
                            StepSample(
                                sourceName: phone, kind: .phone, start: chunkStart, end: chunkStart + length, utcOffset: offset,
                                value: (steps * 0.93).rounded()))
                    }
                }
            }
        }
        // A treadmill walk typed in by hand in the first month.
        let offset = timeZone.secondsFromGMT(for: LocalDate(daysSince1970: first + 9).noon(in: timeZone))
        let typedIn = Double((first + 9) * 86_400 - offset + 7 * 3_600)
        samples.append(
            StepSample(sourceName: "Health", kind: .manual, start: typedIn, end: typedIn + 1_800, utcOffset: offset, value: 3_200))
        return samples
    }
}
