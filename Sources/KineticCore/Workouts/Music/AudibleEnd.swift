/// Where a song's sound ends.
///
/// Many songs end in a fade and seconds of silence (the demo songs up to 2.5 s). A workout's
/// soundtrack changes to the next song before the song ends, so a song that changes at its
/// file's end leaves the workout quiet for that long. The soundtrack uses the audible end
/// instead: the end of the last 100 ms window of the song's tail whose loudness (RMS) is at
/// least ``threshold`` (−40 dBFS, about 1 % of full scale: under it a fade is heard as silence
/// over a workout's noise).
public enum AudibleEnd {
    /// The RMS a window must reach to count as sound: −40 dBFS.
    public static let threshold: Float = 0.01
    /// How long each window is.
    public static let windowSeconds = 0.1
    /// How much of a song's end is read to find it.
    public static let tailSeconds = 30.0

    /// The second the sound ends, for `samples` (mono, −1…1, at `sampleRate`) that start at
    /// `start` seconds into the song: the end of the last loud enough window, or `start` when
    /// the whole tail is quiet; nil when there are no samples.
    public static func seconds(ofTail samples: [Float], sampleRate: Int, startingAt start: Double) -> Double? {
        guard !samples.isEmpty, sampleRate > 0 else { return nil }
        let end = loudWindows(samples, sampleRate: sampleRate).last?.upperBound ?? 0
        return start + Double(end) / Double(sampleRate)
    }

    /// The second the sound starts, for `samples` (mono, −1…1, at `sampleRate`) from the song's
    /// start: the start of the first loud enough window (many songs open on up to a second of
    /// silence, which a hand-over from another song would leave quiet); nil when there are no
    /// samples or none is loud enough.
    public static func start(of samples: [Float], sampleRate: Int) -> Double? {
        guard !samples.isEmpty, sampleRate > 0 else { return nil }
        return loudWindows(samples, sampleRate: sampleRate, firstOnly: true).first.map { Double($0.lowerBound) / Double(sampleRate) }
    }

    /// The ``windowSeconds`` windows of `samples` whose loudness (RMS) reaches ``threshold``, in
    /// order; only the first with `firstOnly`.
    private static func loudWindows(_ samples: [Float], sampleRate: Int, firstOnly: Bool = false) -> [Range<Int>] {
        let window = max(1, Int(Double(sampleRate) * windowSeconds))
        var loud: [Range<Int>] = []
        var index = 0
        while index < samples.count {
            let upper = min(index + window, samples.count)
            var sum: Float = 0
            for sample in samples[index..<upper] { sum += sample * sample }
            if (sum / Float(upper - index)).squareRoot() >= threshold {
                loud.append(index..<upper)
                if firstOnly { break }
            }
            index = upper
        }
        return loud
    }

    /// The part of a song a soundtrack may play: up to its audible end when that is known and
    /// not later than the file's length, else the whole file.
    public static func playableSeconds(duration: Double, audibleEnd: Double?) -> Double {
        guard let audibleEnd, audibleEnd.isFinite, audibleEnd > 0 else { return duration }
        return min(duration, audibleEnd)
    }
}
