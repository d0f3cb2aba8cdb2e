import Fluent
import Foundation
import KineticCore
import Vapor

/// The Music page and its forms: upload (the file as the body, sent by `js/workouts/music.js`),
/// edit a song's tempo and tags, remove it, and its audio for the page's players.
struct MusicController {
    func show(_ request: Request) async throws -> Response {
        .html(try await page(request, notice: noticeKey(request.query[String.self, at: "done"]).map { request.localizer.t($0) }))
    }

    func upload(_ request: Request) async throws -> Response {
        let workouts = try request.workouts()
        // 201 once analysed; 202 when that takes longer (the page then says the song is on its way).
        let upload = try await workouts.addSong(
            try await request.receiveSong(for: workouts), fileName: request.query[String.self, at: "filename"],
            waitingUpTo: workouts.configuration.songUploadWait)
        return try await upload.response(for: request, location: false)
    }

    private struct EditForm: Content {
        var bpm: String?
        var title: String?
        var artist: String?
        var genre: String?
    }

    func edit(_ request: Request) async throws -> Response {
        let song = try await request.ownedSong()
        let form = try request.content.decode(EditForm.self)
        var members: [String: JSONValue] = [:]
        if let bpm = form.bpm?.trimmingCharacters(in: .whitespaces) {
            members["bpm"] =
                bpm.isEmpty ? .null : Double(bpm.replacingOccurrences(of: ",", with: ".")).map(JSONValue.number) ?? .string(bpm)
        }
        for (name, value) in [("title", form.title), ("artist", form.artist), ("genre", form.genre)] {
            if let value { members[name] = .string(value) }
        }
        return try await request.answeringRefusals(with: { refusal in
            try await page(request, refusedSong: song.id?.uuidString, errors: refusal.fieldMessages)
        }) {
            try await request.workouts().apply(SongEdit.validate(members).get(), to: song)
            return request.redirect(to: SiteURL.workouts(.music).with([("done", "edited")]))
        }
    }

    func delete(_ request: Request) async throws -> Response {
        try await request.workouts().deleteSong(request.ownedSong())
        return request.redirect(to: SiteURL.workouts(.music).with([("done", "deleted")]))
    }

    func audio(_ request: Request) async throws -> Response {
        try await request.streamAudio(of: request.playableSong())
    }

    private func noticeKey(_ done: String?) -> String? {
        switch done {
        case "added": "workouts.music.addedNotice"
        case "analysing": "workouts.music.analysingNotice"
        case "edited": "workouts.music.editedNotice"
        case "deleted": "workouts.music.deletedNotice"
        default: nil
        }
    }

    private func page(
        _ request: Request, notice: String? = nil, refusedSong: String? = nil, errors: [String: String] = [:]
    ) async throws -> String {
        let songs = try request.workouts().songs
        let model = MusicPage.Model(
            songs: try await songs.all().map(\.musicPageSong),
            starterSongs: try await songs.playable().filter(songs.isStarter).map(\.musicPageSong), notice: notice,
            refusedSong: refusedSong, errors: errors,
            maximumMinutes: Int(request.application.kineticConfiguration.songLimits.maximumSeconds / 60)
        )
        return MusicPage.render(model, context: PageContext(request: request))
    }
}
