import KineticCore
import Testing

/// The soundtrack of a whole workout: one continuous mix, lowered in rests, the click track
/// where no song fits.
@Suite struct WorkoutSoundtrackTests {
    private func song(_ id: String, bpm: Double?, seconds: Double = 200) -> LibrarySong {
        LibrarySong(id: id, artist: nil, genre: nil, bpm: bpm, seconds: seconds)
    }

    /// Where the song of `cue` is at `time`.
    private func position(_ cue: SoundtrackCue, at time: Int) -> Double { cue.from + Double(time - cue.at) * cue.rate }

    @Test func aSongThatFits_goesOnAcrossExercisesAndRests_lowered_inTheRests() {
        let slots = Array(repeating: WorkoutSoundtrack.Slot(seconds: 40, restAfter: 20, targetBPM: 120), count: 3)
        let cues = WorkoutSoundtrack.cues(for: slots, library: [song("a", bpm: 120, seconds: 600)])
        #expect(cues.map(\.at) == [0, 40, 60, 100, 120, 160])
        #expect(cues.allSatisfy { $0.songID == "a" && $0.rate == 1 })
        #expect(cues.map(\.ducked) == [false, true, false, true, false, true])
        for (previous, next) in zip(cues, cues.dropFirst()) {
            #expect(abs(position(previous, at: next.at) - next.from) < 0.01, "the song never restarts: \(next)")
        }
    }

    @Test func theSongChanges_onlyWhenTheNextTempoNeedsAnother_andEachResumesWhereItStopped() {
        let slots = [120, 120, 150, 120].map { WorkoutSoundtrack.Slot(seconds: 30, restAfter: 10, targetBPM: $0) }
        let library = [song("slow", bpm: 120, seconds: 600), song("fast", bpm: 150, seconds: 600)]
        let cues = WorkoutSoundtrack.cues(for: slots, library: library).filter { !$0.ducked }
        #expect(cues.map { $0.songID ?? "-" } == ["slow", "slow", "fast", "slow"])
        #expect(cues[1].from == 40, "slow went on through the rest")
        #expect(cues[3].from == 80, "slow resumes where it stopped (80 s), not at 0")
    }

    @Test func halfAndDoubleTempo_fit_andTheRateLocksTheBeat() throws {
        let cues = WorkoutSoundtrack.cues(
            for: [WorkoutSoundtrack.Slot(seconds: 30, restAfter: 0, targetBPM: 120)], library: [song("half", bpm: 64)])
        let cue = try #require(cues.first)
        #expect(cue.songID == "half")
        #expect(abs(cue.rate - 120 / 128) < 0.0001)
    }

    @Test func withNoSongThatFits_orNoSongs_theClickTrackKeepsTheTempo() {
        let slots = [WorkoutSoundtrack.Slot(seconds: 30, restAfter: 10, targetBPM: 120)]
        for library in [[], [song("far", bpm: 90)], [song("unknown", bpm: nil)]] {
            let cues = WorkoutSoundtrack.cues(for: slots, library: library)
            #expect(cues.first == SoundtrackCue(at: 0, songID: nil, from: 0, rate: 1, bpm: 120, ducked: false))
            #expect(cues.last?.ducked == true && cues.last?.bpm == 120)
        }
    }

    @Test func aHeldStretch_playsTheSongAtItsOwnSpeed() {
        let slots = [
            WorkoutSoundtrack.Slot(seconds: 30, restAfter: 0, targetBPM: 132),
            WorkoutSoundtrack.Slot(seconds: 30, restAfter: 0, targetBPM: nil),
        ]
        let cues = WorkoutSoundtrack.cues(for: slots, library: [song("a", bpm: 120, seconds: 600)])
        #expect(cues.map(\.rate) == [1.1, 1])
        #expect(cues.map(\.songID) == ["a", "a"])
        #expect(cues[1].bpm == nil)
    }

    /// The audit: a song that ended cut into the next mid-set, twice with a 0.5 s gap. The next
    /// comes in over the last two bars (8 beats at 120 BPM: 4 s), in step with the beat.
    @Test func aSongThatEnds_crossfadesIntoTheNext_overItsLastBars_inStep() throws {
        let slots = [WorkoutSoundtrack.Slot(seconds: 100, restAfter: 0, targetBPM: 120)]
        let short = LibrarySong(id: "short", artist: nil, genre: nil, bpm: 120, seconds: 40, beatOffset: 0.1)
        let long = LibrarySong(id: "long", artist: nil, genre: nil, bpm: 118, seconds: 300, beatOffset: 0.3)
        let cues = WorkoutSoundtrack.cues(for: slots, library: [short, long])
        #expect(cues.count == 2)
        let handOver = cues[1]
        #expect(handOver.songID == "long" && handOver.at == 36 && handOver.fadeIn == 4, "\(cues)")
        #expect(WorkoutSoundtrack.crossfadeSeconds(bpm: 120) == 4 && WorkoutSoundtrack.crossfadeSeconds(bpm: nil) == 6)
        // In step: where the ending song is in its beat at 36 s, the new one is in its own.
        let shortPhase = ((position(cues[0], at: 36) - 0.1) / 0.5).truncatingRemainder(dividingBy: 1)
        let longPhase = ((handOver.from - 0.3) / (60 / 118)).truncatingRemainder(dividingBy: 1)
        #expect(abs(shortPhase - longPhase) < 0.01 || abs(abs(shortPhase - longPhase) - 1) < 0.01, "\(shortPhase) \(longPhase)")
        #expect(handOver.from < 60 / 118 + 0.3, "from its first beats")
    }

    /// An exercise's cues keep the crossfade that starts with it (an API client reads the music
    /// exercise by exercise).
    @Test func anExercisesCues_keepTheCrossfadeThatStartsWithIt() {
        let steps = [120, 150].map {
            WorkoutPlan.Step(exerciseID: "x", seconds: 60, part: .main, round: 1, restAfter: 0, repsPerMinute: 40, targetBPM: $0)
        }
        let library = [song("a", bpm: 120, seconds: 300), song("b", bpm: 136, seconds: 300)]
        let plan = WorkoutPlan(
            steps: steps,
            soundtrack: WorkoutSoundtrack.cues(
                for: steps.map { .init(seconds: $0.seconds, restAfter: 0, targetBPM: $0.targetBPM) }, library: library))
        let second = plan.cues(ofStep: 1)
        #expect(second.first?.songID == "b" && second.first?.fadeIn == WorkoutSoundtrack.tempoChangeFadeSeconds, "\(plan.soundtrack)")
    }

    /// A song with under two seconds to play from its start (a crafted file, a start near its
    /// end) is left out: hand-overs could otherwise follow each other at the same second forever.
    @Test(.timeLimit(.minutes(1))) func aSongTooShortToPlay_isLeftOut_andTheMixEnds() {
        let tiny = LibrarySong(id: "tiny", artist: nil, genre: nil, bpm: 132, seconds: 1.9)
        let lateStart = LibrarySong(id: "late", artist: nil, genre: nil, bpm: 132, seconds: 3, start: 2.9)
        let cues = WorkoutSoundtrack.cues(
            for: [WorkoutSoundtrack.Slot(seconds: 60, restAfter: 10, targetBPM: 150)], library: [tiny, lateStart])
        #expect(cues.allSatisfy { $0.songID == nil }, "the click track keeps the beat: \(cues)")
    }

    /// A song is played from where its sound starts: the second of silence it opens on is skipped.
    @Test func aSongStarts_whereItsSoundStarts() {
        let quietStart = LibrarySong(id: "q", artist: nil, genre: nil, bpm: 120, seconds: 300, start: 1.2)
        let cues = WorkoutSoundtrack.cues(for: [WorkoutSoundtrack.Slot(seconds: 60, restAfter: 0, targetBPM: 120)], library: [quietStart])
        #expect(cues.first?.from == 1.2)
        let samples = [Float](repeating: 0, count: 11_025) + [Float](repeating: 0.5, count: 22_050)
        #expect(AudibleEnd.start(of: samples, sampleRate: 22_050) == 0.5)
        #expect(AudibleEnd.start(of: [Float](repeating: 0, count: 100), sampleRate: 22_050) == nil)
    }

    /// A crossfade stays within one exercise or rest: a song that ends 2 s after an exercise
    /// ends hands over so that the crossfade ends with the exercise; one that ends 5 s into the
    /// next exercise crossfades within it.
    @Test func aCrossfade_staysWithinOneExerciseOrRest() {
        let library = [song("short", bpm: 120, seconds: 40), song("long", bpm: 120, seconds: 300)]
        let after = WorkoutSoundtrack.cues(
            for: [WorkoutSoundtrack.Slot(seconds: 38, restAfter: 0, targetBPM: 120), .init(seconds: 60, restAfter: 0, targetBPM: 120)],
            library: library)
        #expect(after.map(\.at) == [0, 34, 38], "\(after)")
        #expect(after[1].songID == "long" && after[1].fadeIn == 4)
        let into = WorkoutSoundtrack.cues(
            for: [WorkoutSoundtrack.Slot(seconds: 35, restAfter: 0, targetBPM: 120), .init(seconds: 60, restAfter: 0, targetBPM: 120)],
            library: library)
        #expect(into.map(\.at) == [0, 35, 36], "\(into)")
        #expect(into[2].songID == "long" && into[2].fadeIn == 4, "within the second exercise")
    }

    /// Over random workouts and libraries: cues in time order, positions inside their songs,
    /// every timed cue at the slot's tempo, and a song only changes where one must.
    @Test func randomWorkouts_keepTheRules() {
        var random = SeededGenerator(seed: 11)
        for round in 0..<500 {
            let library = (0..<Int.random(in: 0...8, using: &random)).map {
                song(
                    "s\($0)", bpm: Bool.random(using: &random) ? Double.random(in: 60...180, using: &random) : nil,
                    seconds: Double.random(in: 30...400, using: &random))
            }
            let slots = (0..<Int.random(in: 1...30, using: &random)).map { _ in
                WorkoutSoundtrack.Slot(
                    seconds: Int.random(in: 20...120, using: &random), restAfter: Int.random(in: 0...60, using: &random),
                    targetBPM: Bool.random(using: &random) ? [114, 120, 132, 136, 144, 150][Int.random(in: 0...5, using: &random)] : nil)
            }
            let cues = WorkoutSoundtrack.cues(for: slots, library: library)
            #expect(zip(cues, cues.dropFirst()).allSatisfy { $0.at < $1.at }, "round \(round): out of order")
            let songs = Dictionary(uniqueKeysWithValues: library.map { ($0.id, $0) })
            let total = slots.reduce(0) { $0 + $1.seconds + $1.restAfter }
            for (cue, end) in zip(cues, cues.dropFirst().map(\.at) + [total]) {
                if let id = cue.songID, let song = songs[id] {
                    let last = cue.from + Double(end - cue.at) * cue.rate
                    #expect(last <= song.seconds + 0.01, "round \(round): \(cue) runs \(last - song.seconds) s past its song")
                }
            }
            for (previous, cue) in zip(cues, cues.dropFirst()) {
                guard let before = previous.songID, let after = cue.songID, before != after, let ending = songs[before] else { continue }
                // Every change from a song to another crossfades, unless the one before has under
                // a second left.
                let left = (ending.seconds - previous.from - Double(cue.at - previous.at) * previous.rate) / previous.rate
                #expect(cue.fadeIn > 0 || left < 1.01, "round \(round): a cut at \(cue.at) with \(left) s of the song left")
                let fadedOut = previous.from + (Double(cue.at - previous.at) + cue.fadeIn) * previous.rate
                // (Cues keep their times to the millisecond and rates to four places: a hair over.)
                #expect(fadedOut <= ending.seconds + 0.1, "round \(round): the song fading out runs past its end")
            }
            for cue in cues {
                if let id = cue.songID, let song = songs[id] {
                    #expect(cue.from >= 0 && cue.from <= song.seconds + 0.01, "round \(round): \(cue)")
                    if let bpm = cue.bpm, let songBPM = song.bpm {
                        #expect(SongMatch.match(songBPM: songBPM, targetBPM: Double(bpm))?.fits == true, "round \(round): \(cue)")
                    }
                }
            }
        }
    }
}
