import Fluent
import Foundation
import KineticCore
import Vapor

/// The demo account's music: two themes over the starter songs (``StarterSongs``) and a saved
/// workout with them, made once the starter songs are in.
enum WorkoutsDemo {
    /// Two themes (a genre and an artist) and, once, a saved 15-minute workout with them.
    static func addThemesAndWorkout(_ app: Application) async throws {
        guard let user = try await User.query(on: app.db).filter(\.$email == DemoSeeder.email).first() else { return }
        let userID = try user.requireID()
        let themes = MusicThemesRepository(database: app.db, userID: userID)
        guard try await themes.all().isEmpty else { return }
        var ids: [String] = []
        for (name, theme, count) in [
            ("Metal mornings", MusicTheme(kind: .genre, value: "Metal"), 10), ("Sectoid", MusicTheme(kind: .artist, value: "Sectoid"), 5),
        ] {
            ids.append(try await themes.add(name: name, theme: theme, workouts: count, at: app.userCalendar.now).requireID().uuidString)
        }
        let builder = WorkoutBuilder(database: app.db, userID: userID, catalogue: app.exerciseCatalogue)
        let selection: [String: JSONValue] = [
            "categories": .array([.string("plyometrics")]), "equipment": .array([.string("other"), .string("medicine ball")]),
            "difficulty": .string("beginner"), "duration": .number(15), "themes": .array(ids.map(JSONValue.string)),
        ]
        _ = try await builder.keep(builder.build(selection, seed: 2_027), saved: true, now: app.userCalendar.now)
    }
}
