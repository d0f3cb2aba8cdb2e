import Foundation

/// How fast and how many times an exercise was repeated, from the phone's motion (the seed's
/// `processMotionData`).
///
/// The method, each step measured by `scripts/bench-rep-rate` on seglearn's smartwatch sets:
/// 1. **Resample** every channel to 50 Hz by linear interpolation (phones deliver 10–200 Hz,
///    unevenly).
/// 2. **Candidate signals**: the magnitude of acceleration |a| (orientation-free; gravity is a
///    constant offset there), each acceleration axis (gravity's share of an axis swings with the
///    arm's angle, which is what a curl or a raise does), and the rotation rate's magnitude and
///    axes when a gyroscope is present.
/// 3. **Band-pass** each 0.1–3.5 Hz (zero-phase Butterworth): gravity and drift below, jitter
///    above; the band holds 6–210 repetitions a minute.
/// 4. **Period**: the normalised autocorrelation's highest peak between 0.28 s and 6 s. The
///    signal whose peak is highest is the most periodic and is the one used — unless another
///    repeats nearly as clearly (80 %) at twice its period: a magnitude swings twice in a
///    back-and-forth repetition, an axis once.
/// 5. **Harmonic check**: a peak at a whole fraction of that lag (½, ⅓) that is nearly as high
///    (at least 85 %) is the true period — autocorrelations peak again at every multiple.
/// 6. **Count**: repetitions = duration ÷ period; the peaks of the signal (at least 0.6 periods
///    apart, prominence 0.3 σ) are counted as a cross-check.
/// 7. **Confidence** 0–1: the autocorrelation peak, lowered when the peak count disagrees with
///    the period by more than one repetition.
public enum RepRateEstimator {
    public struct Estimate: Equatable, Sendable {
        public let repsPerMinute: Double
        /// Repetitions in the recording, from its duration and the period.
        public let reps: Int
        /// Peaks counted in the chosen signal, the cross-check.
        public let peaks: Int
        public let periodSeconds: Double
        public let confidence: Double
    }

    public static let sampleRate = 50.0
    public static let band = (low: 0.1, high: 3.5)
    public static let periods = 0.28...6.0
    /// Below this autocorrelation peak nothing repeats: no rate is claimed.
    public static let minimumPeriodicity = 0.2

    /// The estimate, or nil when the motion does not repeat.
    public static func estimate(_ log: MotionLog) -> Estimate? {
        let samples = log.samples
        guard samples.count >= 2, log.duration >= periods.upperBound / 2 else { return nil }
        let times = samples.map(\.t)
        var channels: [[Double]] = [
            samples.map { ($0.ax * $0.ax + $0.ay * $0.ay + $0.az * $0.az).squareRoot() },
            samples.map(\.ax), samples.map(\.ay), samples.map(\.az),
        ]
        if samples.allSatisfy({ $0.rotation != nil }) {
            let rotations = samples.map { $0.rotation! }
            channels += [
                rotations.map { ($0.x * $0.x + $0.y * $0.y + $0.z * $0.z).squareRoot() },
                rotations.map(\.x), rotations.map(\.y), rotations.map(\.z),
            ]
        }
        let minimumLag = Int((periods.lowerBound * sampleRate).rounded(.up))
        var found: [(score: Double, lag: Int, signal: [Double])] = []
        for channel in channels {
            let even = SignalFilter.resample(times: times, values: channel, rate: sampleRate)
            let filtered = SignalFilter.bandPass(even, low: band.low, high: band.high, sampleRate: sampleRate)
            let maximumLag = min(Int(periods.upperBound * sampleRate), filtered.count / 2)
            guard maximumLag > minimumLag else { continue }
            let correlation = SignalFilter.autocorrelation(filtered, maximumLag: maximumLag)
            guard let lag = period(in: correlation, from: minimumLag) else { continue }
            found.append((correlation[lag], lag, filtered))
        }
        guard var best = found.max(by: { $0.score < $1.score }), best.score >= minimumPeriodicity else { return nil }
        // A magnitude swings twice per repetition when the motion goes back and forth: when
        // another signal repeats nearly as clearly at twice the period, that is the repetition.
        let twice = found.filter {
            abs(Double($0.lag) - 2 * Double(best.lag)) <= 0.1 * 2 * Double(best.lag) && $0.score >= 0.8 * best.score
        }
        if let slower = twice.max(by: { $0.score < $1.score }) { best = slower }
        let periodSeconds = Double(best.lag) / sampleRate
        let duration = Double(best.signal.count) / sampleRate
        let reps = Int((duration / periodSeconds).rounded())
        let peaks = countPeaks(best.signal, minimumDistance: Int(0.6 * Double(best.lag)))
        let agreement = abs(peaks - reps) <= 1 ? 1.0 : max(0, 1 - Double(abs(peaks - reps) - 1) / Double(max(reps, 1)))
        return Estimate(
            repsPerMinute: 60 / periodSeconds, reps: reps, peaks: peaks, periodSeconds: periodSeconds,
            confidence: min(1, max(0, best.score)) * agreement
        )
    }

    /// The lag of the highest local maximum from `minimumLag` on, moved to a whole fraction of
    /// itself when a peak there is nearly as high (the harmonic check).
    static func period(in correlation: [Double], from minimumLag: Int) -> Int? {
        let maxima = (max(minimumLag, 1)..<(correlation.count - 1)).filter {
            correlation[$0] > correlation[$0 - 1] && correlation[$0] >= correlation[$0 + 1]
        }
        guard var lag = maxima.max(by: { correlation[$0] < correlation[$1] }) else { return nil }
        for divisor in [3, 2] {
            let target = Double(lag) / Double(divisor)
            let near = maxima.filter { abs(Double($0) - target) <= max(2, target * 0.1) }
            if let candidate = near.max(by: { correlation[$0] < correlation[$1] }), correlation[candidate] >= 0.85 * correlation[lag] {
                lag = candidate
                break
            }
        }
        return lag
    }

    /// Local maxima at least `minimumDistance` apart that stand out by 0.3 standard deviations
    /// from the lowest point since the previous one.
    static func countPeaks(_ signal: [Double], minimumDistance: Int) -> Int {
        let mean = signal.reduce(0, +) / Double(max(signal.count, 1))
        let deviation = (signal.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(signal.count, 1))).squareRoot()
        var count = 0, lastPeak = -minimumDistance, lowest = Double.infinity
        for index in 1..<max(signal.count - 1, 1) {
            lowest = min(lowest, signal[index])
            guard signal[index] > signal[index - 1], signal[index] >= signal[index + 1] else { continue }
            if index - lastPeak >= minimumDistance, signal[index] - lowest >= 0.3 * deviation {
                count += 1
                lastPeak = index
                lowest = signal[index]
            }
        }
        return count
    }
}
