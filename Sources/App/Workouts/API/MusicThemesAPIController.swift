import Fluent
import Foundation
import KineticCore
import Vapor

/// `GET|POST /api/v1/themes`, `DELETE /api/v1/themes/{themeId}`.
struct MusicThemesAPIController {
    func list(_ request: Request) async throws -> [MusicThemeDTO] {
        let library = try await request.songs().all().map { try $0.librarySong() }
        return try await request.themes().all().map { theme in
            try MusicThemeDTO(theme, songCount: MusicTheme.songs(library, selectedBy: [theme.theme]).count)
        }
    }

    func create(_ request: Request) async throws -> Response {
        let body = try JSONMemberReader.object(request.jsonBody()).get()
        let theme = try await request.addTheme(MusicThemeInput.validate(body.members).get())
        let library = try await request.songs().all().map { try $0.librarySong() }
        let dto = try MusicThemeDTO(theme, songCount: MusicTheme.songs(library, selectedBy: [theme.theme]).count)
        return try await dto.encodeResponse(status: .created, for: request)
    }

    func delete(_ request: Request) async throws -> HTTPStatus {
        guard let theme = try await request.themes().find(request.parameters.get("themeId") ?? "") else { throw AppError.notFound }
        try await theme.delete(on: request.db)
        return .noContent
    }
}

extension Request {
    func themes() throws -> MusicThemesRepository {
        MusicThemesRepository(database: db, userID: try requireUser().requireID())
    }

    /// Adds a theme; a song theme must name one of the user's songs (422 on `value`).
    func addTheme(_ input: MusicThemeInput) async throws -> MusicThemeRecord {
        var value = input.theme.value
        if input.theme.kind == .song {
            guard let song = try await songs().find(value) else { throw AppError.validation(FieldErrors(["value": "error.theme.songUnknown"])) }
            value = try song.requireID().uuidString
        }
        let theme = MusicThemeRecord()
        theme.$user.id = try requireUser().requireID()
        theme.name = input.name
        theme.kind = input.theme.kind.rawValue
        theme.value = value
        theme.workoutCount = input.workouts
        theme.createdAt = now
        try await theme.create(on: db)
        return theme
    }
}
