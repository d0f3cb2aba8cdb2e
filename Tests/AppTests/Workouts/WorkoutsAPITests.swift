import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

@Suite struct WorkoutsAPITests {
    /// 56 exercises, each at 40 reps a minute × 3 beats = 120 BPM.
    private let jumps: [String: Any] = [
        "categories": ["plyometrics"], "equipment": ["other", "medicine ball"], "difficulty": "beginner", "duration": 20,
    ]

    @Test func aGeneratedWorkout_playsOnlyTheChosenThemesSongs_atTheLockingRate() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let fitting = try await app.uploadSong(bpm: 124, artist: "Fast", token: account.token)
            let halfTime = try await app.uploadSong(bpm: 61, artist: "Fast", token: account.token)
            _ = try await app.uploadSong(bpm: 118, artist: "Other", token: account.token)
            let theme = try await app.json(
                .POST, "/api/v1/themes", body: ["name": "Fast", "kind": "artist", "value": "Fast", "workouts": 3], token: account.token)
            let themeID = try theme.decoded(as: Components.Schemas.MusicTheme.self).id
            var selection = jumps
            selection["themes"] = [themeID]
            selection["seed"] = 42
            let response = try await app.json(.POST, "/api/v1/workouts/generate", body: selection, token: account.token)
            #expect(response.status == .ok, "\(response.body.string)")
            let workout = try response.decoded(as: Components.Schemas.Workout.self)
            // Raw on purpose: `id` is sent as null, not left out; the decoded optional reads both as nil.
            #expect(try response.jsonObject()["id"] is NSNull)
            #expect(workout.seed == 42)
            #expect(workout.totalSeconds == 1_200, "the chosen duration, warm-up and rests included")
            let exercises = workout.exercises
            #expect(exercises.first?.part == .warmUp && exercises.last?.part == .coolDown)
            var songsHeard = Set<String>()
            var paces: [String: [Int]] = [:]
            for step in exercises {
                let target = step.targetBpm
                if step.part == .main {
                    #expect(step.exercise.category == "plyometrics")
                    #expect(
                        [120, 126, 132].contains(target) || target == nil, "40 reps a minute × 3 beats, 5 % faster each round, or a hold")
                    #expect(step.clickTrack == false, "the theme's songs fit 120–132 BPM")
                    if let reps = step.repsPerMinute { paces[step.exercise.id, default: []].append(reps) }
                }
                let cues = step.music
                #expect(cues.first?.at == step.startsAt, "each exercise says what plays from its start")
                for cue in cues {
                    let song = try #require(cue.song, "a song plays: \(cue)")
                    let id = song.id
                    songsHeard.insert(id)
                    #expect([fitting, halfTime].contains(id), "only the theme's songs")
                    let rate = cue.playbackRate
                    if let bpm = cue.bpm, let songBPM = song.bpm {
                        let octave = songBPM < 90 ? 2.0 : 1.0
                        #expect(abs(rate - Double(bpm) / (songBPM * octave)) < 0.0001)
                    } else {
                        #expect(rate == 1, "a held exercise plays the song at its own speed")
                    }
                }
            }
            #expect(songsHeard == [fitting, halfTime], "both fitting songs take turns")
            #expect(
                !paces.isEmpty && paces.values.allSatisfy { $0.first == 40 && $0 == $0.sorted() && $0.count > 1 && $0.last! > 40 },
                "each block builds: \(paces)")
            let again = try await app.json(.POST, "/api/v1/workouts/generate", body: selection, token: account.token)
                .decoded(as: Components.Schemas.Workout.self)
            #expect(again.exercises.map(\.exercise.id) == exercises.map(\.exercise.id), "the same seed, the same workout")
        }
    }

    /// A measured fitness-test rate sets the exercise's pace in the next workouts, and with it
    /// the music: 50 jumps a minute where the table says 40 is 150 BPM instead of 120 (and 5 %
    /// faster in each later round of a block).
    @Test func aMeasuredRate_setsThePaceAndTheMusic_ofTheNextWorkouts() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let userID = try #require(UUID(uuidString: account.customerId))
            for exercise in app.exerciseCatalogue.exercises where exercise.category == .plyometrics {
                let row = ExerciseResultRecord(userID: userID, exerciseID: exercise.id, source: .test, tracked: true, at: testNow)
                row.repsPerMinute = 50
                try await row.create(on: app.db)
            }
            let workout = try await app.json(.POST, "/api/v1/workouts/generate", body: jumps, token: account.token)
                .decoded(as: Components.Schemas.Workout.self)
            let main = workout.exercises.filter { $0.part == .main && $0.repsPerMinute != nil }
            #expect(!main.isEmpty)
            #expect(
                main.allSatisfy { [50, 53, 55].contains($0.repsPerMinute) && $0.targetBpm == ($0.repsPerMinute ?? 0) * 3 },
                "\(main.map { $0.targetBpm.map { "\($0)" } ?? "-" })")
            #expect(main.first?.repsPerMinute == 50, "the first round at the measured rate, later ones 5 % faster each")
        }
    }

    @Test func withoutSongs_theWorkoutSaysNoSongFits() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let response = try await app.json(.POST, "/api/v1/workouts/generate", body: jumps, token: account.token)
            let exercises = try response.decoded(as: Components.Schemas.Workout.self).exercises
            // Raw on purpose: every cue's `song` is sent as null, not left out; the decoded optional reads both as nil.
            let rawSteps = try #require(try response.jsonObject()["exercises"] as? [[String: Any]])
            #expect(rawSteps.allSatisfy { ($0["music"] as? [[String: Any]])?.allSatisfy { $0["song"] is NSNull } == true })
            let main = exercises.filter { $0.part == .main && $0.targetBpm != nil }
            #expect(!main.isEmpty && main.allSatisfy { $0.clickTrack == true }, "a click track keeps the beat")
            #expect(main.allSatisfy { step in step.music.first.map { $0.bpm == step.targetBpm } == true })
        }
    }

    @Test func badSelections_are422WithAMessagePerField() async throws {
        try await withKinetic { app in
            let account = try await app.signUp(), other = try await app.signUp()
            let theirs = try await app.json(
                .POST, "/api/v1/themes", body: ["name": "T", "kind": "genre", "value": "Pop", "workouts": 1], token: other.token)
            let theirTheme = try theirs.decoded(as: Components.Schemas.MusicTheme.self).id
            let both = try await app.json(
                .POST, "/api/v1/workouts/generate",
                body: [
                    "categories": ["cardio"], "muscles": ["chest"], "equipment": ["spaceship"], "difficulty": "heroic", "duration": 25,
                    "themes": ["a", "b", "c", "d", "e", "f"], "seed": -1,
                ], token: account.token)
            #expect(both.status == .unprocessableEntity)
            let bothFields = try both.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties ?? [:]
            #expect(Set(bothFields.keys) == ["seed"], "the seed is read first")
            let many = try await app.json(
                .POST, "/api/v1/workouts/generate",
                body: [
                    "categories": ["cardio"], "muscles": ["chest"], "equipment": ["spaceship"], "difficulty": "heroic", "duration": 25,
                    "themes": ["a", "b", "c", "d", "e", "f"],
                ], token: account.token)
            let fields = try #require(try many.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties)
            #expect(Set(fields.keys) == ["categories", "muscles", "equipment[0]", "difficulty", "duration", "themes"])
            #expect(fields["categories"] == "Choose categories or muscle groups, not both.")
            var stolen = jumps
            stolen["themes"] = [theirTheme]
            let foreign = try await app.json(.POST, "/api/v1/workouts/generate", body: stolen, token: account.token)
            #expect(
                try foreign.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties == [
                    "themes[0]": "This theme is not one of yours."
                ])
            let narrow = try await app.json(
                .POST, "/api/v1/workouts/generate",
                body: [
                    "muscles": ["neck"], "equipment": [], "difficulty": "beginner", "duration": 60,
                ], token: account.token)
            #expect(narrow.status == .unprocessableEntity)
            #expect(try narrow.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "workout_impossible")
        }
    }

    @Test func savedAndPausedWorkouts_areListed_andUnsavingRemovesTheProgressToo() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            var body = jumps
            body["seed"] = 7
            let created = try await app.json(.POST, "/api/v1/workouts", body: body, token: account.token)
            #expect(created.status == .created)
            let workout = try created.decoded(as: Components.Schemas.Workout.self)
            let id = try #require(workout.id)
            #expect(workout.savedAt != nil)
            #expect(created.headers.first(name: .location) == "/api/v1/workouts/\(id)")
            let draft = try await app.json(.POST, "/api/v1/workouts", body: body.merging(["saved": false]) { $1 }, token: account.token)
                .decoded(as: Components.Schemas.Workout.self)
            let draftID = try #require(draft.id)

            let steps = workout.exercises
            let seconds = steps[1].seconds
            let paused = try await app.json(
                .PUT, "/api/v1/workouts/\(id)/progress", body: ["exerciseIndex": 1, "secondsLeft": seconds - 3], token: account.token)
            #expect(paused.status == .ok)
            let progress = try #require(try paused.decoded(as: Components.Schemas.Workout.self).progress)
            #expect(progress.exerciseIndex == 1 && progress.secondsLeft == seconds - 3)
            let beyond = try await app.json(
                .PUT, "/api/v1/workouts/\(id)/progress", body: ["exerciseIndex": steps.count, "secondsLeft": 5], token: account.token)
            #expect(
                try beyond.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties == [
                    "exerciseIndex": "This workout has no such exercise."
                ])
            let tooMany = try await app.json(
                .PUT, "/api/v1/workouts/\(id)/progress", body: ["exerciseIndex": 1, "secondsLeft": seconds + 1], token: account.token)
            #expect(tooMany.status == .unprocessableEntity)

            var list = try await app.json(.GET, "/api/v1/workouts", token: account.token)
                .decoded(as: Operations.ListWorkouts.Output.Ok.Body.JsonPayload.self)
            #expect(list.inProgress.map(\.id) == [id])
            #expect(list.saved.map(\.id) == [id])
            let summary = try #require(list.inProgress.first)
            #expect(summary.exerciseCount == steps.count && summary.totalSeconds == workout.totalSeconds)
            #expect(summary.seed == workout.seed && summary.selection == workout.selection && summary.savedAt != nil)
            #expect(summary.progress?.exerciseIndex == 1 && summary.progress?.secondsLeft == seconds - 3)
            let listed = try await app.json(.GET, "/api/v1/workouts", token: account.token)
            let members = try #require(
                JSONSerialization.jsonObject(with: Data(listed.body.readableBytesView)) as? [String: [[String: Any]]])
            #expect(members["saved"]?.first?["exercises"] == nil, "the list answers summaries; the steps come with the workout")

            let kept = try await app.json(.PATCH, "/api/v1/workouts/\(draftID)", body: ["saved": true], token: account.token)
            #expect(try kept.decoded(as: Components.Schemas.Workout.self).savedAt != nil)
            #expect(try await app.json(.DELETE, "/api/v1/workouts/\(id)", token: account.token).status == .noContent)
            list = try await app.json(.GET, "/api/v1/workouts", token: account.token)
                .decoded(as: Operations.ListWorkouts.Output.Ok.Body.JsonPayload.self)
            #expect(list.inProgress.isEmpty, "unsaving removed the paused version")
            #expect(list.saved.map(\.id) == [draftID])
            #expect(try await app.json(.GET, "/api/v1/workouts/\(id)", token: account.token).status == .notFound)
        }
    }

    @Test func theList_isLatestFirst_inEachSection() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_790_000_000))
        try await withKinetic(clock: clock) { app in
            let account = try await app.signUp()
            var ids: [String] = []
            for seed in 1...3 {
                let kept = try await app.json(.POST, "/api/v1/workouts", body: jumps.merging(["seed": seed]) { $1 }, token: account.token)
                ids.append(try #require(try kept.decoded(as: Components.Schemas.Workout.self).id))
                clock.advance(by: 60)
            }
            for id in [ids[1], ids[0]] {
                let paused = try await app.json(
                    .PUT, "/api/v1/workouts/\(id)/progress", body: ["exerciseIndex": 0, "secondsLeft": 5], token: account.token)
                #expect(paused.status == .ok)
                clock.advance(by: 60)
            }
            let list = try await app.json(.GET, "/api/v1/workouts", token: account.token)
                .decoded(as: Operations.ListWorkouts.Output.Ok.Body.JsonPayload.self)
            #expect(list.saved.map(\.id) == ids.reversed(), "the latest saved first")
            #expect(list.inProgress.map(\.id) == [ids[0], ids[1]], "the latest paused first")
        }
    }

    @Test func anotherUsersWorkout_isNeverFound() async throws {
        try await withKinetic { app in
            let owner = try await app.signUp(), other = try await app.signUp()
            let kept = try await app.json(.POST, "/api/v1/workouts", body: jumps, token: owner.token)
            let id = try #require(try kept.decoded(as: Components.Schemas.Workout.self).id)
            for (method, path, body) in [
                (HTTPMethod.GET, "", nil), (.PATCH, "", ["saved": false]), (.DELETE, "", nil),
                (.PUT, "/progress", ["exerciseIndex": 0, "secondsLeft": 10]), (.DELETE, "/progress", nil),
            ] as [(HTTPMethod, String, [String: Any]?)] {
                #expect(
                    try await app.json(method, "/api/v1/workouts/\(id)\(path)", body: body, token: other.token).status == .notFound,
                    "\(method) \(path)")
            }
            let list = try await app.json(.GET, "/api/v1/workouts", token: other.token)
                .decoded(as: Operations.ListWorkouts.Output.Ok.Body.JsonPayload.self)
            #expect(list.saved.isEmpty && list.inProgress.isEmpty)
            #expect(try await app.json(.GET, "/api/v1/workouts/\(id)", token: owner.token).status == .ok)
        }
    }

    @Test func generate_isAnActionNotAWorkoutId_soOtherMethodsAre405() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            for method in [HTTPMethod.GET, .PATCH, .DELETE, .PUT] {
                let response = try await app.json(method, "/api/v1/workouts/generate", body: ["saved": true], token: account.token)
                #expect(response.status == .methodNotAllowed, "\(method)")
                #expect(response.headers.first(name: .allow) == "POST", "\(method)")
            }
            let workout = try await app.json(.OPTIONS, "/api/v1/workouts/generate", token: account.token)
            #expect(workout.headers.first(name: .allow) == "POST")
        }
    }
}
