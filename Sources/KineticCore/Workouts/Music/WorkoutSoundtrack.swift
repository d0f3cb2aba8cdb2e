/// From a second of the workout on, what plays: a song from a second of it at a rate, or the
/// click track at a tempo, at full volume or lowered for a rest.
public struct SoundtrackCue: Codable, Equatable, Sendable {
    /// The second of the workout (work and rests counted) this cue starts at.
    public let at: Int
    /// The song, or nil for the click track (``bpm``) or, without a tempo, quiet.
    public let songID: String?
    /// The second of the song it starts from.
    public let from: Double
    /// The `playbackRate` (pitch preserved): target tempo ÷ the song's tempo at its octave.
    public let rate: Double
    /// The beat kept, in beats a minute; nil where the exercise is held.
    public let bpm: Int?
    /// A rest: the music goes on, lowered, while the next exercise is announced.
    public let ducked: Bool
    /// Seconds over which this cue's song fades in while the song before it (the previous cue's,
    /// going on from where it was) fades out: a crossfade; 0 where the music simply goes on.
    public let fadeIn: Double

    public init(at: Int, songID: String?, from: Double, rate: Double, bpm: Int?, ducked: Bool, fadeIn: Double = 0) {
        self.at = at
        self.songID = songID
        self.from = from
        self.rate = rate
        self.bpm = bpm
        self.ducked = ducked
        self.fadeIn = fadeIn
    }

    private enum CodingKeys: String, CodingKey {
        case at, songID = "song", from, rate, bpm, ducked, fadeIn = "fade"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        at = try container.decode(Int.self, forKey: .at)
        songID = try container.decodeIfPresent(String.self, forKey: .songID)
        from = try container.decode(Double.self, forKey: .from)
        rate = try container.decode(Double.self, forKey: .rate)
        bpm = try container.decodeIfPresent(Int.self, forKey: .bpm)
        ducked = try container.decode(Bool.self, forKey: .ducked)
        fadeIn = try container.decodeIfPresent(Double.self, forKey: .fadeIn) ?? 0
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(at, forKey: .at)
        try container.encode(songID, forKey: .songID)
        try container.encode(from, forKey: .from)
        try container.encode(rate, forKey: .rate)
        try container.encode(bpm, forKey: .bpm)
        try container.encode(ducked, forKey: .ducked)
        if fadeIn > 0 { try container.encode(fadeIn, forKey: .fadeIn) }
    }
}

/// The music of a whole workout, as one continuous mix.
///
/// - **It flows.** The song playing goes on across exercises and rests. At an exercise it
///   changes only when it does not fit the new tempo (``SongMatch``), and then, crossfading
///   over the exercise's first ``tempoChangeFadeSeconds``, to the fitting song played least
///   recently, which resumes where it last stopped (from its start when
///   under 10 s of it were left). A song's start is where its sound starts, past any silence
///   it opens on (``LibrarySong/start``).
/// - **A song that ends hands over without a cut or a gap.** The next song comes in over the
///   ending song's last two bars (eight beats of the tempo kept, 2–8 s;
///   ``crossfadeSeconds(bpm:)``): both play, beat-matched (both locked to the same tempo, the
///   new one started at the same point of its beat as the old one is, where both songs' beats
///   are known: ``LibrarySong/beatOffset``), one fading out as the other fades in. A crossfade
///   stays within one exercise or rest: for a song that ends just after one, it ends with it
///   (the song's last faded seconds unplayed); for a song that ends too soon after one begins
///   for its last bars, it starts with it, over what is left.
/// - **Rests are lowered, not silent.** The music keeps playing through a rest, ducked, at
///   the rate it had.
/// - **The beat is kept.** A timed exercise plays its song at the rate that locks the song's
///   beat (halved, kept or doubled) to the exercise's tempo. When no song fits, or there are
///   no songs, the click track keeps the tempo instead, and the page says so.
/// - **Held exercises** (stretches) have no tempo: the song playing goes on at its own speed,
///   or one is chosen (any song, also one of unknown tempo).
public enum WorkoutSoundtrack {
    /// How close to the start of an exercise or rest a song may end and hand over there.
    public static let nearBoundarySeconds = 8
    /// The crossfade of a song that does not fit the next exercise's tempo into one that does.
    public static let tempoChangeFadeSeconds = 2.0

    /// How long a song that ends crossfades into the next: two bars (eight beats) at `bpm`, in
    /// whole seconds from 2 to 8; 6 s where nothing is timed.
    public static func crossfadeSeconds(bpm: Int?) -> Int {
        guard let bpm, bpm > 0 else { return 6 }
        return min(8, max(2, Int((8 * 60 / Double(bpm)).rounded(.up))))
    }

    /// One exercise as the soundtrack sees it.
    public struct Slot: Equatable, Sendable {
        public let seconds: Int
        public let restAfter: Int
        public let targetBPM: Int?

        public init(seconds: Int, restAfter: Int, targetBPM: Int?) {
            self.seconds = seconds
            self.restAfter = restAfter
            self.targetBPM = targetBPM
        }
    }

    /// The cues of `slots` played one after another, from `library`.
    public static func cues(for slots: [Slot], library: [LibrarySong]) -> [SoundtrackCue] {
        var mix = Mix(library: library)
        var time = 0
        for slot in slots {
            mix.enterExercise(at: time, targetBPM: slot.targetBPM)
            mix.play(until: time + slot.seconds, ducked: false)
            time += slot.seconds
            if slot.restAfter > 0 {
                mix.duck(at: time)
                mix.play(until: time + slot.restAfter, ducked: true)
                time += slot.restAfter
            }
        }
        return mix.cues
    }

    /// The mix as it is made: what plays now, and where each song stopped.
    private struct Mix {
        let library: [LibrarySong]
        var cues: [SoundtrackCue] = []
        /// The song playing (nil: the click track or quiet), from `from` at `since`, at `rate`.
        var current: (song: LibrarySong, from: Double, since: Int, rate: Double)?
        var bpm: Int?
        /// When the exercise or rest playing now began, and when the song playing began to play.
        var phaseStart = 0
        var songStart = 0
        /// The rate the song had before this exercise or rest began: the one a hand-over at its
        /// start fades it out at (the cue before).
        var rateBefore = 1.0
        var resume: [String: Double] = [:]
        var lastPlayed: [String: Int] = [:]
        var turn = 0

        init(library: [LibrarySong]) {
            // A song needs a couple of seconds from where it starts, or a hand-over could follow
            // a hand-over at the same second.
            self.library = library.filter { $0.seconds - $0.start >= 2 }
        }

        /// The song's position at `time`.
        func position(at time: Int) -> Double {
            guard let current else { return 0 }
            return current.from + Double(time - current.since) * current.rate
        }

        /// The rate `song` plays at to keep `bpm`; nil when it does not fit.
        func fittingRate(_ song: LibrarySong, bpm: Int) -> Double? {
            guard let songBPM = song.bpm, let match = SongMatch.match(songBPM: songBPM, targetBPM: Double(bpm)), match.fits else {
                return nil
            }
            return match.playbackRate
        }

        mutating func enterExercise(at time: Int, targetBPM: Int?) {
            bpm = targetBPM
            phaseStart = time
            rateBefore = current?.rate ?? 1
            if let current {
                if let targetBPM {
                    if let rate = fittingRate(current.song, bpm: targetBPM) {
                        switchTo(current.song, rate: rate, at: time, ducked: false)
                        return
                    }
                } else {
                    switchTo(current.song, rate: 1, at: time, ducked: false)
                    return
                }
            }
            // A song that does not fit the new tempo fades out over the exercise's first seconds
            // at the rate it had, as the next comes in.
            let left = current.map { ((($0.song.seconds - position(at: time)) / $0.rate).rounded(.down)) } ?? 0
            startNext(at: time, ducked: false, excluding: nil, fadeIn: max(0, min(WorkoutSoundtrack.tempoChangeFadeSeconds, left)))
        }

        mutating func duck(at time: Int) {
            phaseStart = time
            rateBefore = current?.rate ?? 1
            if let current {
                switchTo(current.song, rate: current.rate, at: time, ducked: true)
            } else {
                cue(at: time, songID: nil, from: 0, rate: 1, ducked: true)
            }
        }

        /// Follows the song playing to `end`: when it ends first, the next one takes over.
        mutating func play(until end: Int, ducked: Bool) {
            var handOvers = 0
            while let current {
                // Every hand-over moves time on; should one not, the beat goes on without songs.
                handOvers += 1
                guard handOvers < 10_000 else {
                    self.current = nil
                    cue(at: end, songID: nil, from: 0, rate: 1, ducked: ducked)
                    return
                }
                let left = (current.song.seconds - position(at: current.since)) / current.rate
                // The whole second before it runs out, so a cue never runs past its song.
                var ends = current.since + max(0, Int(left.rounded(.down)))
                let fade = WorkoutSoundtrack.crossfadeSeconds(bpm: bpm)
                if ends >= end {
                    // It ends within a crossfade after this exercise or rest: the crossfade ends
                    // with it (the song's last seconds, faded out, unplayed).
                    guard ends - fade < end, end - fade > songStart else { return }
                    ends = end
                }
                // It ends: the next time it plays, it starts over.
                let ended = current.song.id
                // What is left of it from this exercise or rest's start, at the rate it had before:
                // a hand-over at that start fades it out at that rate.
                let leftBefore = ((current.song.seconds - position(at: phaseStart)) / rateBefore).rounded(.down)
                resume[ended] = 0
                if ends - phaseStart <= WorkoutSoundtrack.nearBoundarySeconds, phaseStart > songStart, ends - phaseStart < fade {
                    // Too soon after the start of this exercise or rest for its last bars: the
                    // next song starts with it, crossfading over what is left.
                    // (Faded out at the rate it had before, which may run out sooner.)
                    let fadeIn = max(0, min(Double(fade), Double(ends - phaseStart), leftBefore))
                    startNext(at: phaseStart, ducked: ducked, excluding: ended, fadeIn: fadeIn, inStepWith: current)
                } else {
                    // Over the ending song's last bars, in step with it. (Starting with this
                    // exercise or rest, it fades out at the rate it had before.)
                    let start = min(ends, max(songStart + 1, phaseStart, ends - fade))
                    let fadeIn =
                        start == phaseStart && phaseStart > songStart ? max(0, min(Double(ends - start), leftBefore)) : Double(ends - start)
                    startNext(at: start, ducked: ducked, excluding: ended, fadeIn: fadeIn, inStepWith: current)
                }
                if self.current?.song.id != ended { resume[ended] = 0 }
            }
        }

        /// The song least recently played that fits the tempo (any song while nothing is
        /// timed), resumed where it stopped; the click track when none does.
        mutating func startNext(
            at time: Int, ducked: Bool, excluding: String?, fadeIn: Double = 0,
            inStepWith previous: (song: LibrarySong, from: Double, since: Int, rate: Double)? = nil
        ) {
            let candidates: [(song: LibrarySong, rate: Double)] =
                if let bpm {
                    library.compactMap { song in fittingRate(song, bpm: bpm).map { (song, $0) } }
                } else {
                    library.map { ($0, 1.0) }
                }
            let others = candidates.filter { $0.song.id != excluding }
            let pool = others.isEmpty ? candidates : others
            guard
                let next = pool.min(by: { a, b in
                    let left = lastPlayed[a.song.id] ?? -1, right = lastPlayed[b.song.id] ?? -1
                    return left != right ? left < right : abs(a.rate - 1) < abs(b.rate - 1)
                })
            else {
                current = nil
                cue(at: time, songID: nil, from: 0, rate: 1, ducked: ducked)
                return
            }
            var from = max(resume[next.song.id] ?? 0, next.song.start)
            // Too near its end to be worth resuming (it would hand over again at once): from the start.
            if from > next.song.seconds - 10 { from = next.song.start }
            if let previous { from = inStep(next.song, from: from, with: previous, at: time) }
            current = (next.song, from, time, next.rate)
            songStart = time
            turn += 1
            lastPlayed[next.song.id] = turn
            // A song cannot fade into itself: it starts again.
            cue(at: time, songID: next.song.id, from: from, rate: next.rate, ducked: ducked, fadeIn: next.song.id == excluding ? 0 : fadeIn)
        }

        /// The first point of `song` from `from` on that is at the same point of its beat as
        /// `previous` is at `time`, so their beats fall together; `from` when either's beats are unknown.
        func inStep(
            _ song: LibrarySong, from: Double, with previous: (song: LibrarySong, from: Double, since: Int, rate: Double), at time: Int
        ) -> Double {
            guard let offset = song.beatOffset, let bpm = song.bpm, bpm > 0, let otherOffset = previous.song.beatOffset,
                let otherBPM = previous.song.bpm, otherBPM > 0
            else { return from }
            let there = previous.from + Double(time - previous.since) * previous.rate
            var phase = ((there - otherOffset) / (60 / otherBPM)).truncatingRemainder(dividingBy: 1)
            if phase < 0 { phase += 1 }
            let beat = 60 / bpm
            let beats = ((from - offset) / beat - phase).rounded(.up)
            let aligned = offset + beat * (beats + phase)
            return aligned < song.seconds - 1 ? max(0, aligned) : from
        }

        /// Keeps `song` playing from where it is, at `rate` from `time` on.
        mutating func switchTo(_ song: LibrarySong, rate: Double, at time: Int, ducked: Bool) {
            let from = position(at: time)
            resume[song.id] = from
            current = (song, from, time, rate)
            turn += 1
            lastPlayed[song.id] = turn
            cue(at: time, songID: song.id, from: from, rate: rate, ducked: ducked)
        }

        mutating func cue(at time: Int, songID: String?, from: Double, rate: Double, ducked: Bool, fadeIn: Double = 0) {
            // Leaving a song remembers where it stopped.
            if let last = cues.last, let previous = last.songID, previous != songID {
                resume[previous] = last.from + Double(time - last.at) * last.rate
            }
            let cue = SoundtrackCue(
                at: time, songID: songID, from: (from * 1000).rounded() / 1000, rate: (rate * 10_000).rounded() / 10_000, bpm: bpm,
                ducked: ducked, fadeIn: songID == nil ? 0 : fadeIn)
            if let last = cues.last, last.at == time {
                cues[cues.count - 1] = cue
            } else {
                cues.append(cue)
            }
        }
    }
}
