import Foundation

/// Estimates a song's tempo from its samples: a pure function, so the server decodes the audio
/// (ffmpeg) and hands the PCM here.
///
/// 1. **Onset envelope.** The mono signal is cut into hops of 256 samples. Per hop: the rise of
///    its energy from the hop before (relative to the song's mean, so a kick counts more than a
///    hi-hat), plus half the rise of the log energy of its first difference (which stresses
///    attacks: drums, plucks); falls count as nothing.
///    A moving average over about half a second is subtracted, so slow swells do not count,
///    and the result is smoothed over three hops.
/// 2. **Autocorrelation.** The envelope is correlated with itself at every lag from 50 to 220
///    BPM (lag = 60 ÷ (BPM × hop seconds)), each normalised by the overlap.
/// 3. **Harmonic check.** A lag scores its own correlation plus half the best within a hop of
///    twice the lag and a quarter at three times (a real beat repeats there too), weighted by a broad preference
///    for 120 BPM (a log-normal prior, as in Ellis 2007), which settles octave ties the way
///    listeners tap.
/// 4. **Candidates.** Local maxima of the score, refined between lags by a parabola, closer
///    than 3 % to a better one dropped; the best ``maximumCandidates`` are kept, best first.
///    The user confirms or corrects the tempo: notated and felt tempo often differ by an octave.
/// 5. **A beat at all** (``Analysis/hasClearBeat``). A held tone has almost no onsets (its
///    envelope's mean, the *onset salience*, under 0.015 where songs measure 0.11–0.66), and
///    noise has onsets that repeat at no tempo more than at any other (the best candidate's
///    *clarity* 0.01 where songs measure 0.17–1). A file is said to have a clear beat when its
///    salience is at least ``leastSalience`` (0.03) and its best candidate's clarity at least
///    ``leastClarity`` (0.08); otherwise it has none, and is not played at a tempo unless the
///    user gives it one.
/// 6. **Where the beats fall** (``Analysis/beatOffset``): the phase of the best tempo whose
///    beats land on the most onset strength, so a song that follows another can start in step
///    with it (``WorkoutSoundtrack``).
public enum TempoEstimator {
    public struct Candidate: Equatable, Sendable {
        public let bpm: Double
        /// The candidate's score relative to the best one (1 for the best).
        public let strength: Double
        /// How clearly the onsets repeat at this tempo: the onset envelope's autocorrelation at its
        /// lag, as a share of its energy, above the median over every lag of the tempo range (no
        /// preference for 120 BPM). Noise and a held tone correlate alike at every lag: near 0.
        public var clarity: Double = 0
    }

    public static let hop = 256
    public static let bpmRange: ClosedRange<Double> = 50...220
    public static let maximumCandidates = 3
    public static let leastSalience = 0.03
    public static let leastClarity = 0.08

    /// What the analysis found: the candidates, how much of the audio is onsets, and where the
    /// best candidate's beats fall.
    public struct Analysis: Equatable, Sendable {
        public let candidates: [Candidate]
        /// The onset envelope's mean: near 0 for a held tone.
        public let onsetSalience: Double
        /// The second of the first beat of the best candidate (0 ≤ it < one beat): its beats
        /// fall on it plus whole beats. Nil without candidates.
        public var beatOffset: Double?

        /// Whether the file has a beat to play it at (step 5).
        public var hasClearBeat: Bool {
            onsetSalience >= TempoEstimator.leastSalience && (candidates.first?.clarity ?? 0) >= TempoEstimator.leastClarity
        }
    }

    /// The candidates of `samples` and whether they have a clear beat (steps 1–5).
    public static func analyse(samples: [Float], sampleRate: Double) -> Analysis {
        let envelope = onsetEnvelope(samples)
        let found = candidates(envelope: envelope, sampleRate: sampleRate)
        var analysis = Analysis(candidates: found, onsetSalience: envelope.isEmpty ? 0 : envelope.reduce(0, +) / Double(envelope.count))
        analysis.beatOffset = found.first.map { beatOffset(envelope: envelope, bpm: $0.bpm, sampleRate: sampleRate) }
        return analysis
    }

    /// Where the beats of `bpm` fall (step 6): of every phase within one beat (a hop apart), the
    /// one whose beats land on the most onset strength, in seconds.
    static func beatOffset(envelope: [Double], bpm: Double, sampleRate: Double) -> Double {
        let hopSeconds = Double(hop) / sampleRate
        let period = 60 / (bpm * hopSeconds)
        guard period >= 1, !envelope.isEmpty else { return 0 }
        var best = (phase: 0, strength: -1.0)
        for phase in 0..<Int(period.rounded(.down)) {
            var strength = 0.0, beat = Double(phase)
            while Int(beat.rounded()) < envelope.count {
                strength += envelope[Int(beat.rounded())]
                beat += period
            }
            if strength > best.strength { best = (phase, strength) }
        }
        return Double(best.phase) * hopSeconds
    }

    /// Candidate tempos of `samples` (mono, any scale) at `sampleRate`, best first; empty when
    /// the audio is too short (under about 6 s) or silent.
    public static func candidates(samples: [Float], sampleRate: Double) -> [Candidate] {
        candidates(envelope: onsetEnvelope(samples), sampleRate: sampleRate)
    }

    static func candidates(envelope: [Double], sampleRate: Double) -> [Candidate] {
        let hopSeconds = Double(hop) / sampleRate
        let minimumLag = Int((60 / (bpmRange.upperBound * hopSeconds)).rounded(.down))
        let maximumLag = Int((60 / (bpmRange.lowerBound * hopSeconds)).rounded(.up))
        guard minimumLag >= 2, envelope.count > 4 * (maximumLag + 1) else { return [] }
        let correlation = autocorrelation(envelope, upTo: 3 * (maximumLag + 1) + 2)
        guard let zero = correlation.first, zero > 0 else { return [] }
        var score = [Double](repeating: 0, count: maximumLag + 2)
        for lag in max(1, minimumLag - 1)...(maximumLag + 1) {
            let bpm = 60 / (Double(lag) * hopSeconds)
            let prior = exp(-0.5 * pow(log2(bpm / 120) / 0.9, 2))
            // A lag is whole frames; its multiples may fall a frame either side of the true repeat.
            let near = { (at: Int) in max(correlation[at - 1], correlation[at], correlation[min(at + 1, correlation.count - 1)]) }
            score[lag] = (correlation[lag] + 0.5 * near(2 * lag) + 0.25 * near(3 * lag)) / zero * prior
        }
        // What any lag shares (noise, a held tone): a beat stands out from it.
        let typical = Array(correlation[minimumLag...maximumLag]).map { $0 / zero }.sorted()[(maximumLag - minimumLag) / 2]
        var peaks: [(bpm: Double, score: Double, clarity: Double)] = []
        for lag in minimumLag...maximumLag where score[lag] > 0 && score[lag] >= score[lag - 1] && score[lag] > score[lag + 1] {
            // A parabola through the peak and its neighbours places it between lags.
            let (left, centre, right) = (score[lag - 1], score[lag], score[lag + 1])
            let denominator = left - 2 * centre + right
            let offset = denominator == 0 ? 0 : max(-0.5, min(0.5, 0.5 * (left - right) / denominator))
            let bpm = 60 / ((Double(lag) + offset) * hopSeconds)
            if bpmRange.contains(bpm) { peaks.append((bpm, centre, max(0, correlation[lag] / zero - typical))) }
        }
        peaks.sort { $0.score > $1.score }
        var kept: [(bpm: Double, score: Double, clarity: Double)] = []
        for peak in peaks where !kept.contains(where: { abs($0.bpm - peak.bpm) / $0.bpm < 0.03 }) {
            kept.append(peak)
            if kept.count == maximumCandidates { break }
        }
        guard let best = kept.first?.score else { return [] }
        return kept.map {
            var candidate = Candidate(bpm: ($0.bpm * 10).rounded() / 10, strength: $0.score / best)
            candidate.clarity = $0.clarity
            return candidate
        }
    }

    /// Step 1: the onset strength per hop, mean-removed over about half a second.
    static func onsetEnvelope(_ samples: [Float]) -> [Double] {
        let frames = samples.count / hop
        guard frames > 2 else { return [] }
        var energies = [Double](repeating: 0, count: frames), attacks = [Double](repeating: 0, count: frames)
        var previousSample: Float = 0
        samples.withUnsafeBufferPointer { buffer in
            for frame in 0..<frames {
                var energy = 0.0, attack = 0.0
                for index in (frame * hop)..<((frame + 1) * hop) {
                    let sample = buffer[index]
                    energy += Double(sample * sample)
                    let difference = Double(sample - previousSample)
                    attack += difference * difference
                    previousSample = sample
                }
                energies[frame] = energy
                attacks[frame] = log(1e-10 + attack)
            }
        }
        // Loudness rises count by how loud they are (a kick over a hi-hat); attack rises by ratio.
        let meanEnergy = max(1e-12, energies.reduce(0, +) / Double(frames))
        var raw = [Double](repeating: 0, count: frames)
        for frame in 1..<frames {
            raw[frame] = max(0, energies[frame] - energies[frame - 1]) / meanEnergy + 0.5 * max(0, attacks[frame] - attacks[frame - 1])
        }
        // Subtract a centred moving average (about half a second at 22 kHz) and drop what falls below it.
        let radius = 22
        var prefix = [Double](repeating: 0, count: frames + 1)
        for index in 0..<frames { prefix[index + 1] = prefix[index] + raw[index] }
        let rectified = (0..<frames).map { index in
            let low = max(0, index - radius), high = min(frames, index + radius + 1)
            return max(0, raw[index] - (prefix[high] - prefix[low]) / Double(high - low))
        }
        // A light [¼ ½ ¼] smoothing, so an onset between two hops still lines up with its repeats.
        return (0..<frames).map { index -> Double in
            let before: Double = rectified[max(0, index - 1)], after: Double = rectified[min(frames - 1, index + 1)]
            return 0.25 * before + 0.5 * rectified[index] + 0.25 * after
        }
    }

    /// Step 2: the autocorrelation at lags 0..<count, each divided by its overlap.
    static func autocorrelation(_ values: [Double], upTo count: Int) -> [Double] {
        laggedProductSums(values, lags: count).enumerated().map { lag, sum in sum / Double(values.count - lag) }
    }
}
