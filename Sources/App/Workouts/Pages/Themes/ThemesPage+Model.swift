import KineticCore

extension ThemesPage {
    struct Row {
        let id: String
        let name: String
        let kind: MusicTheme.Kind
        /// The artist or genre, or the song's title.
        let value: String
        let workouts: Int
        /// How many of its workouts are left: none when it is used up.
        let left: Int
        let songs: Int
    }

    struct Model {
        var themes: [Row]
        /// What a theme may select: the library's artists, genres and songs (id, title).
        var artists: [String]
        var genres: [String]
        var songs: [(id: String, title: String)]
        var notice: String?
        var errors: [String: String] = [:]
        var form = Form()
    }

    /// The add form as typed.
    struct Form {
        var name = ""
        /// `artist:Name`, `genre:Name` or `song:<id>`.
        var choice = ""
        var workouts = "5"
    }
}
