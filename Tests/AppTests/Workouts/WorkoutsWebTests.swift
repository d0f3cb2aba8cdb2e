import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// The Workouts pages and their forms, as a browser without script uses them.
@Suite struct WorkoutsWebTests {
    private let jumps: [(String, String)] = [
        ("focus", "categories"), ("categories[]", "plyometrics"), ("muscles[]", "chest"), ("equipment[]", "other"),
        ("equipment[]", "medicine ball"), ("difficulty", "beginner"), ("duration", "10"),
    ]

    @Test func getWorkout_keepsADraft_andOpensItsSummary_theFocusDecidingBetweenCategoriesAndMuscles() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let response = try await web.post("/workouts/new", fields: jumps, csrfPage: "/workouts/new")
            #expect(response.status == .seeOther)
            let location = try #require(response.headers.first(name: .location))
            let summary = try await web.get(location)
            #expect(summary.status == .ok)
            #expect(summary.body.string.contains("Start Workout"))
            #expect(summary.body.string.contains("A click track keeps the beat"), "without music the page says so")
            #expect(summary.body.string.contains("Warm-up") && summary.body.string.contains("Cool-down"))
            let list = try await app.json(.GET, "/api/v1/workouts", token: account.token)
                .decoded(as: Operations.ListWorkouts.Output.Ok.Body.JsonPayload.self)
            #expect(list.saved.isEmpty, "a draft is not saved")
            let id = String(location.split(separator: "/").last!)
            let answer = try await app.json(.GET, "/api/v1/workouts/\(id)", token: account.token)
            let draft = try answer.decoded(as: Components.Schemas.Workout.self)
            #expect(draft.selection.categories == [.plyometrics])
            // Raw on purpose: the unchosen focus is left out, not sent as `null`; decoding reads a missing member and
            // `null` alike.
            let rawSelection = try #require(try answer.jsonObject()["selection"] as? [String: Any])
            #expect(rawSelection["muscles"] == nil, "the unchosen focus is ignored")
        }
    }

    @Test func theSummaryAndThePlayer_showEachExercisesMusclesOnTheBodyMap_andItsSteps() async throws {
        #expect(BodyMap.drawnMuscles == Set(Exercise.Muscle.allCases), "every muscle group is drawn")
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let response = try await web.post("/workouts/new", fields: jumps, csrfPage: "/workouts/new")
            let location = try #require(response.headers.first(name: .location))
            let id = String(location.split(separator: "/").last!)
            let workout = try await app.json(.GET, "/api/v1/workouts/\(id)", token: account.token)
                .decoded(as: Components.Schemas.Workout.self)
            let first = try #require(workout.exercises.first?.exercise)
            let exercise = try #require(app.exerciseCatalogue.exercise(id: first.id))
            let primary = try #require(exercise.primaryMuscles.first)
            let muscles = BodyMap.Muscles(exercise)
            for page in [location, "/workouts/\(id)/play"] {
                let html = try await web.get(page).body.string
                for view in BodyMap.View.allCases {
                    #expect(html.contains("src=\"\(HTMLEscaping.text(BodyMap.url(view, muscles)))\""), "\(page)")
                }
                #expect(html.contains("Primary: " + primary.rawValue.capitalized), "\(page)")
                if let step = exercise.instructions.first {
                    #expect(html.contains(HTMLEscaping.text(step)), "\(page)")
                }
            }
            // The drawings: anyone's to fetch (they hold nothing of anyone's), kept a week.
            var drawn = ""
            for view in BodyMap.View.allCases {
                let image = try await app.testing().sendRequest(.GET, BodyMap.url(view, muscles))
                #expect(image.status == .ok)
                #expect(image.headers.contentType == HTTPMediaType(type: "image", subType: "svg+xml"))
                #expect(image.headers.first(name: .cacheControl) == "public, max-age=604800")
                drawn += image.body.string
            }
            #expect(drawn.contains("class=\"muscle \(BodyMap.urlName(primary)) primary\""))
            #expect(try await app.testing().sendRequest(.GET, "/workouts/body-map/side.svg").status == .notFound)
            let unknown = try await app.testing().sendRequest(.GET, "/workouts/body-map/front.svg?primary=chest,wings")
            #expect(unknown.status == .unprocessableEntity)
        }
    }

    @Test func aRefusedSelection_comesBackWithAMessagePerField() async throws {
        try await withKinetic { app in
            let (web, _) = try await app.signedInWebClient()
            let response = try await web.post(
                "/workouts/new",
                fields: [
                    ("focus", "muscles"), ("equipment[]", "spaceship"), ("difficulty", "heroic"), ("duration", "7"),
                ], csrfPage: "/workouts/new")
            #expect(response.status == .unprocessableEntity)
            let html = response.body.string
            for message in [
                "Choose at least one category or muscle group.", "Kinetic has no such equipment.",
                "Choose beginner, intermediate or expert.", "Choose 10, 15, 20, 30, 45 or 60 minutes.",
            ] {
                #expect(html.contains(message), "\(message)")
            }
            let narrow = try await web.post(
                "/workouts/new", fields: [("focus", "muscles"), ("muscles[]", "neck"), ("difficulty", "beginner"), ("duration", "60")],
                csrfPage: "/workouts/new")
            #expect(narrow.status == .unprocessableEntity)
            #expect(narrow.body.string.contains("too few for this duration"))
        }
    }

    @Test func theSummarysSaveAndQuit_andThePlayersProgress() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let location = try #require(
                try await web.post("/workouts/new", fields: jumps, csrfPage: "/workouts/new").headers.first(name: .location))
            let id = String(location.split(separator: "/").last!)
            let saved = try await web.post("/workouts/\(id)/save", form: [:], csrfPage: location)
            #expect(saved.headers.first(name: .location) == "/workouts/\(id)?saved=1")
            let paused = try await web.post(
                "/workouts/\(id)/progress", form: ["exerciseIndex": "2", "secondsLeft": "9"], csrfPage: location)
            #expect(paused.status == .noContent)
            let home = try await web.get("/workouts").body.string
            #expect(home.contains("/workouts/\(id)/play?resume=1"), "the in-progress cell resumes where it was left")
            let resumed = try await web.get("/workouts/\(id)/play?resume=1").body.string
            #expect(resumed.contains("\"startIndex\":2") && resumed.contains("\"startSecondsLeft\":9"), "read when the player opens")
            let player = try await web.get("/workouts/\(id)/play?exercise=2&left=9").body.string
            #expect(player.contains("\"startIndex\":2") && player.contains("\"startSecondsLeft\":9"))
            let plan = try await app.json(.GET, "/api/v1/workouts/\(id)", token: account.token)
                .decoded(as: Components.Schemas.Workout.self)
            let third = try #require(plan.exercises.dropFirst(2).first?.seconds)
            let atExercise = try await web.get("/workouts/\(id)/play?exercise=2").body.string
            #expect(atExercise.contains("\"startIndex\":2") && atExercise.contains("\"startSecondsLeft\":\(third)"))
            let nonsense = try await web.get("/workouts/\(id)/play?exercise=2&left=9999").body.string
            #expect(nonsense.contains("\"startIndex\":0"), "a place not in the workout starts at the beginning")
            let beyond = try await web.post(
                "/workouts/\(id)/progress", form: ["exerciseIndex": "99", "secondsLeft": "9"], csrfPage: location)
            #expect(beyond.status == .unprocessableEntity)
            let cleared = try await web.post("/workouts/\(id)/progress", form: ["clear": "1"], csrfPage: location)
            #expect(cleared.status == .noContent)
            let list = try await app.json(.GET, "/api/v1/workouts", token: account.token)
                .decoded(as: Operations.ListWorkouts.Output.Ok.Body.JsonPayload.self)
            #expect(list.inProgress.isEmpty)
            let unsaved = try await web.post("/workouts/\(id)/delete", form: ["from": "saved"], csrfPage: location)
            #expect(unsaved.headers.first(name: .location) == "/workouts?done=unsaved")
            #expect(try await web.get(location).status == .notFound)
        }
    }

    @Test func anotherUsersWorkoutSongAndTheme_areNotFound_andFormsNeedTheCSRFToken() async throws {
        try await withKinetic { app in
            let (owner, ownerAccount) = try await app.signedInWebClient()
            let (other, _) = try await app.signedInWebClient()
            let location = try #require(
                try await owner.post("/workouts/new", fields: jumps, csrfPage: "/workouts/new").headers.first(name: .location))
            let id = String(location.split(separator: "/").last!)
            let song = try await app.uploadSong(bpm: 120, token: ownerAccount.token)
            let theme = try await app.json(
                .POST, "/api/v1/themes", body: ["name": "T", "kind": "song", "value": song, "workouts": 1], token: ownerAccount.token
            ).decoded(as: Components.Schemas.MusicTheme.self).id
            for path in ["/workouts/\(id)", "/workouts/\(id)/play", "/workouts/music/\(song)/audio"] {
                #expect(try await other.get(path).status == .notFound, "\(path)")
            }
            for path in [
                "/workouts/\(id)/save", "/workouts/\(id)/delete", "/workouts/music/\(song)", "/workouts/music/\(song)/delete",
                "/workouts/themes/\(theme)/delete",
            ] {
                #expect(try await other.post(path, form: ["bpm": "90"], csrfPage: "/workouts").status == .notFound, "\(path)")
            }
            #expect(try await owner.post("/workouts/\(id)/delete", form: [:], csrf: false).status == .forbidden)
            #expect(!(try await other.get("/workouts/music").body.string.contains(song)))
            #expect(!(try await other.get("/workouts/themes").body.string.contains(theme)))
            #expect(try await owner.get("/workouts/music/\(song)/audio").status == .ok)
        }
    }

    @Test func theMusicPage_correctsATempo_andRefusesOneOutOfRange() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let song = try await app.uploadSong(bpm: 120, title: "Steady", token: account.token)
            let page = try await web.get("/workouts/music").body.string
            #expect(page.contains("Steady") && page.contains("value=\"60.0\""), "the octave below is one tap away")
            let refused = try await web.post("/workouts/music/\(song)", form: ["bpm": "400"], csrfPage: "/workouts/music")
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("Enter a tempo from 40 to 250 BPM."))
            let corrected = try await web.post("/workouts/music/\(song)", form: ["bpm": "60,5"], csrfPage: "/workouts/music")
            #expect(corrected.headers.first(name: .location) == "/workouts/music?done=edited")
            let songs = try await app.json(.GET, "/api/v1/songs", token: account.token).decoded(as: [Components.Schemas.Song].self)
            #expect(songs.first?.correctedBpm == 60.5)
            let themes = try await web.post(
                "/workouts/themes", form: ["name": "Steady ones", "choice": "song:\(song)", "workouts": "3"], csrfPage: "/workouts/themes")
            #expect(themes.headers.first(name: .location) == "/workouts/themes?done=added")
            let badTheme = try await web.post(
                "/workouts/themes", form: ["name": "", "choice": "", "workouts": "x"], csrfPage: "/workouts/themes")
            #expect(badTheme.status == .unprocessableEntity)
            #expect(badTheme.body.string.contains("This field is required."))
        }
    }
}
