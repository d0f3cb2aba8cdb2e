import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

@Suite struct MusicThemesAPITests {
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
