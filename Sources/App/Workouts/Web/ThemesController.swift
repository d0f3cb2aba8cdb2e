import Fluent
import Foundation
import KineticCore
import Vapor

/// The Themes page: the list, add (a name, an artist, genre or song of the library, a number
/// of workouts) and remove.
struct ThemesController {
    func show(_ request: Request) async throws -> Response {
        let notice: String? =
            switch request.query[String.self, at: "done"] {
            case "added": request.localizer.t("workouts.themes.addedNotice")
            case "removed": request.localizer.t("workouts.themes.removedNotice")
            default: nil
            }
        return .html(try await page(request, notice: notice))
    }

    private struct AddForm: Content {
        var name: String?
        var choice: String?
        var workouts: String?
    }

    func create(_ request: Request) async throws -> Response {
        let form = try request.content.decode(AddForm.self)
        let typed = ThemesPage.Form(name: form.name ?? "", choice: form.choice ?? "", workouts: form.workouts ?? "")
        let parts = typed.choice.split(separator: ":", maxSplits: 1).map(String.init)
        let members: [String: JSONValue] = [
            "name": .string(typed.name), "kind": .string(parts.first ?? ""), "value": .string(parts.count == 2 ? parts[1] : ""),
            "workouts": Int(typed.workouts.trimmingCharacters(in: .whitespaces)).map { .number(Double($0)) } ?? .string(typed.workouts),
        ]
        return try await request.answeringRefusals(with: { refusal in
            try await page(request, errors: refusal.fieldMessages, form: typed)
        }) {
            _ = try await request.workouts().addTheme(MusicThemeInput.validate(members).get())
            return request.redirect(to: SiteURL.workouts(.themes).with([("done", "added")]))
        }
    }

    func delete(_ request: Request) async throws -> Response {
        guard let theme = try await request.workouts().themes.find(request.parameters.get("themeId") ?? "") else { throw AppError.notFound }
        try await theme.delete(on: request.db)
        return request.redirect(to: SiteURL.workouts(.themes).with([("done", "removed")]))
    }

    private func page(
        _ request: Request, notice: String? = nil, errors: [String: String] = [:], form: ThemesPage.Form = .init()
    ) async throws -> String {
        let songs = try await request.workouts().songs.playable()
        let library = try songs.map { try $0.librarySong() }
        let titles = Dictionary(
            songs.compactMap { song in song.id.map { ($0.uuidString, song.title ?? request.localizer.t("workouts.music.untitled")) } },
            uniquingKeysWith: { first, _ in first })
        let rows = try await request.workouts().themes.all().map { theme in
            ThemesPage.Row(
                id: try theme.requireID().uuidString, name: theme.name, kind: theme.theme.kind,
                value: theme.theme.kind == .song ? titles[theme.value] ?? "" : theme.value,
                workouts: theme.workoutCount, left: theme.workoutsLeft, songs: theme.theme.songCount(in: library)
            )
        }
        func distinct(_ values: [String?]) -> [String] {
            var seen = Set<String>(), result: [String] = []
            for value in values.compactMap({ $0 }) where seen.insert(value.lowercased()).inserted { result.append(value) }
            return result.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        }
        let model = ThemesPage.Model(
            themes: rows, artists: distinct(songs.map(\.artist)),
            genres: distinct(songs.flatMap { $0.genre.map(MusicTheme.genres(inTag:)) ?? [] }),
            songs: songs.compactMap { song in song.id.map { ($0.uuidString, titles[$0.uuidString] ?? "") } },
            notice: notice, errors: errors, form: form
        )
        return ThemesPage.render(model, context: PageContext(request: request))
    }
}
