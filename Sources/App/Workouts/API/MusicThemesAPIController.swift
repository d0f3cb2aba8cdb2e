import Fluent
import Foundation
import KineticCore
import Vapor

/// `GET|POST /api/v1/themes`, `DELETE /api/v1/themes/{themeId}`.
struct MusicThemesAPIController {
    func list(_ request: Request) async throws -> [MusicThemeDTO] {
        let library = try await request.workouts().songs.library()
        return try await request.workouts().themes.all().map { try MusicThemeDTO($0, songCount: $0.theme.songCount(in: library)) }
    }

    func create(_ request: Request) async throws -> Response {
        let body = try await JSONMemberReader.object(request.jsonBody()).get()
        let theme = try await request.workouts().addTheme(MusicThemeInput.validate(body.members).get())
        let dto = try MusicThemeDTO(theme, songCount: theme.theme.songCount(in: try await request.workouts().songs.library()))
        return try await dto.encodeResponse(status: .created, for: request)
    }

    func delete(_ request: Request) async throws -> HTTPStatus {
        guard let theme = try await request.workouts().themes.find(request.parameters.get("themeId") ?? "") else { throw AppError.notFound }
        try await theme.delete(on: request.db)
        return .noContent
    }
}

extension WorkoutsService {
    /// Adds a theme; a song theme must name one of the user's songs or a starter song (422 on `value`).
    func addTheme(_ input: MusicThemeInput) async throws -> MusicThemeRecord {
        var theme = input.theme
        if theme.kind == .song {
            guard let song = try await songs.findPlayable(theme.value) else {
                throw AppError.validation(FieldErrors(["value": "error.theme.songUnknown"]))
            }
            theme = MusicTheme(kind: .song, value: try song.requireID().uuidString)
        }
        return try await themes.add(name: input.name, theme: theme, workouts: input.workouts, at: now)
    }
}
