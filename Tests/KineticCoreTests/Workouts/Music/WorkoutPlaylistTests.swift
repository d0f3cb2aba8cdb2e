import Foundation
import KineticCore
import Testing

@Suite struct WorkoutPlaylistTests {
    private func song(_ id: String, bpm: Double?, seconds: Double = 180, artist: String? = nil, genre: String? = nil) -> LibrarySong {
        LibrarySong(id: id, artist: artist, genre: genre, bpm: bpm, seconds: seconds)
    }

    @Test func themes_selectByArtistGenreOrSong_ignoringCaseAndAccents() {
        let library = [
            song("a", bpm: 120, artist: "Muldjord", genre: "Metal; Rock"),
            song("b", bpm: 130, artist: "Sectoid", genre: "Rock/Pop"),
            song("c", bpm: 95, artist: "Beyoncé", genre: "R&B"),
        ]
        #expect(MusicTheme.songs(library, selectedBy: []).map(\.id) == ["a", "b", "c"])
        #expect(MusicTheme.songs(library, selectedBy: [MusicTheme(kind: .artist, value: " muldjord ")]).map(\.id) == ["a"])
        #expect(MusicTheme.songs(library, selectedBy: [MusicTheme(kind: .genre, value: "rock")]).map(\.id) == ["a", "b"])
        #expect(MusicTheme.songs(library, selectedBy: [MusicTheme(kind: .genre, value: "Roc")]).isEmpty)
        #expect(
            MusicTheme.songs(library, selectedBy: [MusicTheme(kind: .artist, value: "beyonce"), MusicTheme(kind: .song, value: "b")]).map(
                \.id) == ["b", "c"])
    }

    @Test func aTimedExercise_getsFittingSongsAtTheLockingRate_startingAtADifferentSongEachTurn() {
        let library = [song("fast", bpm: 125), song("half", bpm: 62), song("off", bpm: 95), song("unknown", bpm: nil)]
        let first = WorkoutPlaylist.songs(targetBPM: 120, seconds: 300, library: library, turn: 0)
        #expect(first.map(\.songID) == ["half", "fast"], "two three-minute songs cover five minutes")
        #expect(first.allSatisfy { $0.fits })
        let lockingRate = 120.0 / 124.0
        #expect(abs(first[0].playbackRate - lockingRate) < 1e-9)
        let next = WorkoutPlaylist.songs(targetBPM: 120, seconds: 40, library: library, turn: 1)
        #expect(next.map(\.songID) == ["fast"])
        let nextRate = 120.0 / 125.0
        #expect(abs(next[0].playbackRate - nextRate) < 1e-9)
    }

    @Test func withoutAFittingSong_theClosestPlays_heldToAPlayableRate_andSaysSo() {
        // 95 BPM doubled is 190: the rate 140 ÷ 190 = 0.74 is held to 0.85.
        let planned = WorkoutPlaylist.songs(targetBPM: 140, seconds: 60, library: [song("slow", bpm: 95), song("none", bpm: nil)], turn: 3)
        #expect(planned == [PlannedSong(songID: "slow", playbackRate: 0.85, fits: false)])
        #expect(WorkoutPlaylist.songs(targetBPM: 140, seconds: 60, library: [song("none", bpm: nil)], turn: 0).isEmpty)
        #expect(WorkoutPlaylist.songs(targetBPM: 140, seconds: 60, library: [], turn: 0).isEmpty)
    }

    @Test func aStretch_playsAnySongAtItsOwnSpeed() {
        let planned = WorkoutPlaylist.songs(targetBPM: nil, seconds: 30, library: [song("a", bpm: 95), song("b", bpm: nil)], turn: 1)
        #expect(planned == [PlannedSong(songID: "b", playbackRate: 1, fits: true)])
    }
}

@Suite struct WorkoutPlanTests {
    @Test func aPlan_keepsEachExercisesTimeAndSongs_andRoundTripsThroughJSON() throws {
        let catalogue = ExerciseCatalogueTests.shipped.exercises
        let selection = WorkoutSelection(focus: .categories([.cardio, .stretching]), equipment: [], level: .expert, minutes: 10)
        let workout = try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 7).get()
        let library = [LibrarySong(id: "s1", artist: nil, genre: nil, bpm: 135, seconds: 200)]
        let plan = WorkoutPlan(workout, library: library)
        #expect(plan.steps.map(\.exerciseID) == workout.steps.map(\.exercise.id))
        #expect(plan.totalSeconds == workout.totalSeconds)
        #expect(plan.steps.allSatisfy { $0.songs.map(\.songID) == ["s1"] }, "the one song plays everywhere, fitting or closest")
        let decoded = try JSONDecoder().decode(WorkoutPlan.self, from: JSONEncoder().encode(plan))
        #expect(decoded == plan)
        #expect(plan.checkProgress(exerciseIndex: 0, secondsLeft: plan.steps[0].seconds).isEmpty)
        #expect(plan.checkProgress(exerciseIndex: 0, secondsLeft: 0).messages == ["secondsLeft": "error.workout.progressSeconds"])
        #expect(
            plan.checkProgress(exerciseIndex: plan.steps.count, secondsLeft: 5).messages == [
                "exerciseIndex": "error.workout.progressExercise"
            ])
    }

    @Test func aSelection_readsBackFromTheMembersItIsKeptAs() throws {
        let members: [String: JSONValue] = [
            "muscles": .array([.string("chest"), .string("lower back")]), "equipment": .array([.string("dumbbell")]),
            "difficulty": .string("beginner"), "duration": .number(20), "themes": .array([.string("t1")]),
        ]
        let validated = try WorkoutSelectionInput.validate(members).get()
        #expect(try WorkoutSelectionInput.validate(WorkoutSelectionInput.members(of: validated)).get() == validated)
    }
}
