import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

@Suite struct MusicThemesAPITests {
    /// The audit: "for 3 workouts" had no effect. Each complete workout played with a theme
    /// uses one (a skipped-through one does not); used up, it is refused and not offered.
    @Test func aThemeForTwoWorkouts_isUsedUpAfterTwoCompleteOnes() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            _ = try await app.uploadSong(bpm: 120, artist: "Muldjord", token: account.token)
            let theme = try await app.json(
                .POST, "/api/v1/themes", body: ["name": "Twice", "kind": "artist", "value": "Muldjord", "workouts": 2],
                token: account.token
            ).decoded(as: Components.Schemas.MusicTheme.self)
            #expect(theme.workoutsPlayed == 0 && theme.workoutsLeft == 2)
            let selection: [String: Any] = [
                "categories": ["plyometrics"], "difficulty": "beginner", "duration": 10, "themes": [theme.id], "saved": true,
            ]
            func play(worked: (Int) -> Int) async throws -> HTTPStatus {
                let created = try await app.json(.POST, "/api/v1/workouts", body: selection, token: account.token)
                guard created.status == .created else { return created.status }
                let workout = try created.decoded(as: Components.Schemas.Workout.self)
                let work = workout.exercises.reduce(0) { $0 + $1.seconds }
                let finished = try await app.json(
                    .POST, "/api/v1/workouts/\(try #require(workout.id))/completions",
                    body: ["runId": UUID().uuidString, "workedSeconds": worked(work)], token: account.token)
                return finished.status
            }
            let left = {
                try await app.json(.GET, "/api/v1/themes", token: account.token).decoded(as: [Components.Schemas.MusicTheme].self)[0]
            }
            #expect(try await play { _ in 5 } == .created)
            #expect(try await left().workoutsLeft == 2, "skipped through: it does not count, nor use the theme")
            #expect(try await play { $0 } == .created)
            #expect(try await play { $0 } == .created)
            let usedUp = try await left()
            #expect(usedUp.workoutsPlayed == 2 && usedUp.workoutsLeft == 0)
            let refused = try await app.json(.POST, "/api/v1/workouts", body: selection, token: account.token)
            #expect(refused.status == .unprocessableEntity && refused.body.string.contains("played all its workouts"))
            #expect(!(try await web.get("/workouts/new").body.string.contains("Twice")), "no longer offered")
            #expect(try await web.get("/workouts/themes").body.string.contains("used up"))
        }
    }

    @Test func themes_areListedWithTheSongsTheySelect_andRemoved() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            _ = try await app.uploadSong(bpm: 120, artist: "Muldjord", genre: "Metal; Rock", token: account.token)
            let song = try await app.uploadSong(bpm: 95, artist: "Sectoid", genre: "Rock", token: account.token)
            for body: [String: Any] in [
                ["name": "Heavy", "kind": "artist", "value": "muldjord", "workouts": 5],
                ["name": "Rock", "kind": "genre", "value": "Rock", "workouts": 10],
                ["name": "Cool-down", "kind": "song", "value": song, "workouts": 1],
            ] {
                let response = try await app.json(.POST, "/api/v1/themes", body: body, token: account.token)
                #expect(response.status == .created, "\(response.body.string)")
            }
            let themes = try await app.json(.GET, "/api/v1/themes", token: account.token)
                .decoded(as: [Components.Schemas.MusicTheme].self)
            #expect(themes.map(\.name) == ["Cool-down", "Heavy", "Rock"], "by name")
            #expect(themes.map(\.songs) == [1, 1, 2])
            #expect(themes.map(\.workouts) == [1, 5, 10])
            let id = themes[1].id
            #expect(try await app.json(.DELETE, "/api/v1/themes/\(id)", token: account.token).status == .noContent)
            #expect(
                try await app.json(.GET, "/api/v1/themes", token: account.token).decoded(as: [Components.Schemas.MusicTheme].self).count
                    == 2)
            #expect(try await app.json(.DELETE, "/api/v1/themes/\(id)", token: account.token).status == .notFound)
        }
    }

    @Test func aBadTheme_is422PerField_andAnotherUsersThemesStayHidden() async throws {
        try await withKinetic { app in
            let owner = try await app.signUp(), other = try await app.signUp()
            let song = try await app.uploadSong(bpm: 120, token: owner.token)
            let bad = try await app.json(
                .POST, "/api/v1/themes", body: ["name": " ", "kind": "mood", "value": "x", "workouts": 0], token: owner.token)
            #expect(bad.status == .unprocessableEntity)
            #expect(
                try bad.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties == [
                    "name": "This field is required.", "kind": "Choose artist, genre or song.",
                    "workouts": "Enter a number of workouts from 1 to 100.",
                ])
            let stolen = try await app.json(
                .POST, "/api/v1/themes", body: ["name": "Theirs", "kind": "song", "value": song, "workouts": 1], token: other.token)
            #expect(stolen.status == .unprocessableEntity)
            #expect(
                try stolen.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties == [
                    "value": "This song is not in your library."
                ])
            let theme = try await app.json(
                .POST, "/api/v1/themes", body: ["name": "Mine", "kind": "genre", "value": "Pop", "workouts": 2], token: owner.token)
            let id = try theme.decoded(as: Components.Schemas.MusicTheme.self).id
            #expect(
                try await app.json(.GET, "/api/v1/themes", token: other.token).decoded(as: [Components.Schemas.MusicTheme].self).isEmpty)
            #expect(try await app.json(.DELETE, "/api/v1/themes/\(id)", token: other.token).status == .notFound)
            #expect(
                try await app.json(.GET, "/api/v1/themes", token: owner.token).decoded(as: [Components.Schemas.MusicTheme].self).count
                    == 1)
        }
    }
}
