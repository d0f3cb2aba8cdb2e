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

    public init(at: Int, songID: String?, from: Double, rate: Double, bpm: Int?, ducked: Bool) {
        self.at = at
        self.songID = songID
        self.from = from
        self.rate = rate
        self.bpm = bpm
        self.ducked = ducked
    }

    private enum CodingKeys: String, CodingKey {
        case at, songID = "song", from, rate, bpm, ducked
    }
}

/// The music of a whole workout, as one continuous mix.
///
/// - **It flows.** The song playing goes on across exercises and rests. At an exercise it
///   changes only when it does not fit the new tempo (``SongMatch``), and then to the fitting
///   song played least recently, which resumes where it last stopped. A song that ends is
///   followed by the next fitting one.
/// - **Rests are lowered, not silent.** The music keeps playing through a rest, ducked, at
///   the rate it had.
/// - **The beat is kept.** A timed exercise plays its song at the rate that locks the song's
///   beat (halved, kept or doubled) to the exercise's tempo. When no song fits, or there are
///   no songs, the click track keeps the tempo instead, and the page says so.
/// - **Held exercises** (stretches) have no tempo: the song playing goes on at its own speed,
///   or one is chosen (any song, also one of unknown tempo).
public enum WorkoutSoundtrack {
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
        var resume: [String: Double] = [:]
        var lastPlayed: [String: Int] = [:]
        var turn = 0

        init(library: [LibrarySong]) {
            self.library = library.filter { $0.seconds > 1 }
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
            startNext(at: time, ducked: false, excluding: nil)
        }

        mutating func duck(at time: Int) {
            if let current {
                switchTo(current.song, rate: current.rate, at: time, ducked: true)
            } else {
                cue(at: time, songID: nil, from: 0, rate: 1, ducked: true)
            }
        }

        /// Follows the song playing to `end`: when it ends first, the next one takes over.
        mutating func play(until end: Int, ducked: Bool) {
            while let current {
                let left = (current.song.seconds - position(at: current.since)) / current.rate
                // The whole second before it runs out, so a cue never runs past its song.
                let ends = current.since + max(0, Int(left.rounded(.down)))
                guard ends < end else { return }
                // It ended: the next time it plays, it starts over.
                let ended = current.song.id
                resume[ended] = 0
                startNext(at: ends, ducked: ducked, excluding: ended)
                if self.current?.song.id != ended { resume[ended] = 0 }
            }
        }

        /// The song least recently played that fits the tempo (any song while nothing is
        /// timed), resumed where it stopped; the click track when none does.
        mutating func startNext(at time: Int, ducked: Bool, excluding: String?) {
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
            let from = resume[next.song.id] ?? 0
            current = (next.song, from, time, next.rate)
            turn += 1
            lastPlayed[next.song.id] = turn
            cue(at: time, songID: next.song.id, from: from, rate: next.rate, ducked: ducked)
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

        mutating func cue(at time: Int, songID: String?, from: Double, rate: Double, ducked: Bool) {
            // Leaving a song remembers where it stopped.
            if let last = cues.last, let previous = last.songID, previous != songID {
                resume[previous] = last.from + Double(time - last.at) * last.rate
            }
            let cue = SoundtrackCue(
                at: time, songID: songID, from: (from * 1000).rounded() / 1000, rate: (rate * 10_000).rounded() / 10_000, bpm: bpm,
                ducked: ducked)
            if let last = cues.last, last.at == time {
                cues[cues.count - 1] = cue
            } else {
                cues.append(cue)
            }
        }
    }
}
