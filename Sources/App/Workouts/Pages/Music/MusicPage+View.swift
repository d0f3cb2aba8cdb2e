import Foundation
import KineticCore

/// The user's music: add songs (the tempo is detected on the server), correct a song's tempo
/// (the detector's other candidates and the octave above or below are one tap away: notated and
/// felt tempo often differ by an octave) and its tags, preview it, remove it. Songs the user
/// did not make show their credit. `js/workouts/music.js` uploads with progress.
enum MusicPage {
    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        var content: [HTMLNode] = [
            WorkoutsTabs.render(.music, l: l), banner(model.notice, isError: false), uploadCard(model, context: context),
        ]
        if model.songs.isEmpty {
            content.append(
                EmptyState.render(icon: .workouts, title: l.t("workouts.music.emptyTitle"), message: l.t("workouts.music.emptyMessage")))
        } else {
            content += [
                el("h2", [.class("section-title"), .id("songs-title")], [txt(l.plural("workouts.music.count", count: model.songs.count))]),
                el(
                    "ul", [.class("card song-list"), .id("song-list"), .aria("labelledby", "songs-title")],
                    model.songs.map { row($0, model: model, context: context) }),
            ]
        }
        if !model.starterSongs.isEmpty {
            content += [
                el("h2", [.class("section-title"), .id("starter-title")], [txt(l.t("workouts.music.starterTitle"))]),
                el("p", [.class("section-note")], [txt(l.t("workouts.music.starterNote"))]),
                el(
                    "ul", [.class("card song-list starter-list"), .id("starter-list"), .aria("labelledby", "starter-title")],
                    model.starterSongs.map { song in
                        el(
                            "li", [.class("song-row starter-row")],
                            [
                                el("p", [.class("song-row-title")], [txt(song.title ?? l.t("workouts.music.untitled"))]),
                                el(
                                    "p", [.class("song-row-meta")],
                                    [txt(([song.artist, song.bpm.map { l.bpm($0) }].compactMap { $0 }).joined(separator: " · "))]),
                                song.attribution.map { el("p", [.class("song-credit")], [txt($0)]) } ?? .empty,
                            ])
                    }),
            ]
        }
        return Layout.render(
            .init(title: l.t("workouts.music.title"), stylesheet: WorkoutsModule.stylesheet, scripts: ["js/workouts/music.js"]),
            context: context, content: content
        )
    }

    private static func uploadCard(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        return el(
            "section", [.class("card upload-card"), .aria("labelledby", "upload-title")],
            [
                el("h2", [.class("card-title"), .id("upload-title")], [txt(l.t("workouts.music.addTitle"))]),
                el(
                    "form",
                    [
                        .class("form"), .id("song-upload"), Attr("action", SiteURL.workouts(.music).path), .data("csrf", context.csrfToken),
                        .data("uploading", l.t("workouts.music.uploading", "%1$@")), .data("analysing", l.t("workouts.music.analysing")),
                    ],
                    [
                        el(
                            "div", [.class("field")],
                            [
                                el("label", [.class("field-label"), Attr("for", "song-file")], [txt(l.t("workouts.music.file"))]),
                                voidEl(
                                    "input",
                                    [
                                        Attr("type", "file"), .id("song-file"), Attr("name", "file"), .class("field-input"),
                                        .flag("required"),
                                        Attr("accept", "audio/*,.mp3,.ogg,.oga,.wav,.flac,.m4a"), .aria("describedby", "song-file-hint"),
                                    ]),
                                el(
                                    "p", [.class("field-hint"), .id("song-file-hint")],
                                    [txt(l.t("workouts.music.fileHint", l.number(model.maximumMinutes)))]),
                            ]),
                        el("p", [.class("upload-status"), .id("upload-status"), Attr("role", "status")]),
                        el(
                            "button", [.class("button button-primary button-block"), Attr("type", "submit"), .id("upload-button")],
                            [txt(l.t("workouts.music.upload"))]),
                        el("noscript", [], [el("p", [.class("form-note")], [txt(l.t("workouts.music.needsScript"))])]),
                    ]),
            ])
    }

    private static func row(_ song: Song, model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let id = song.id
        let title = song.title ?? l.t("workouts.music.untitled")
        let refused = model.refusedSong == id
        let byline = [song.artist, song.genre].compactMap { $0 }.joined(separator: " · ")
        return el(
            "li", [.class("song-row"), .data("song", id)],
            [
                el(
                    "details", [.flag("open", refused)],
                    [
                        el(
                            "summary", [.class("song-summary")],
                            [
                                el(
                                    "span", [.class("list-row-text")],
                                    [
                                        el("strong", [], [txt(title)]),
                                        el(
                                            "span", [],
                                            [
                                                txt(
                                                    byline.isEmpty
                                                        ? l.clock(seconds: Int(song.seconds.rounded()))
                                                        : byline + " · " + l.clock(seconds: Int(song.seconds.rounded())))
                                            ]),
                                    ]),
                                el(
                                    "span", [.class(song.correctedBPM == nil ? "bpm-badge" : "bpm-badge bpm-badge-set")],
                                    [
                                        txt(song.bpm.map(l.bpm) ?? l.t("workouts.music.noTempo"))
                                    ]),
                            ]),
                        el(
                            "div", [.class("song-detail")],
                            [
                                el(
                                    "audio",
                                    [
                                        .flag("controls"), Attr("preload", "none"), Attr("src", SiteURL.workouts(.songAudio(id: id)).path),
                                        .aria("label", l.t("workouts.music.preview", title)),
                                    ]),
                                song.attribution.map { el("p", [.class("song-credit")], [txt(l.t("workouts.music.credit", $0))]) }
                                    ?? .empty,
                                editForm(song, id: id, errors: refused ? model.errors : [:], context: context),
                                el(
                                    "form",
                                    [
                                        Attr("method", "post"), Attr("action", SiteURL.workouts(.deleteSong(id: id)).path),
                                        .class("delete-form"),
                                        .data("confirm", l.t("workouts.music.deleteConfirm", title)),
                                    ],
                                    [
                                        CSRFField.render(context.csrfToken),
                                        el(
                                            "button", [.class("button button-quiet button-destructive"), Attr("type", "submit")],
                                            [txt(l.t("workouts.music.delete"))]),
                                    ]),
                            ]),
                    ])
            ])
    }

    private static func editForm(_ song: Song, id: String, errors: [String: String], context: PageContext) -> HTMLNode {
        let l = context.localizer
        let detected = song.detectedBPM.map(l.bpm) ?? l.t("workouts.music.noTempo")
        let quick = Self.quickTempos(song)
        return el(
            "form", [Attr("method", "post"), Attr("action", SiteURL.workouts(.song(id: id)).path), .class("form song-edit")],
            [
                CSRFField.render(context.csrfToken),
                el(
                    "div", [.class(errors["bpm"] == nil ? "field" : "field field-invalid")],
                    [
                        el("label", [.class("field-label"), Attr("for", "bpm-\(id)")], [txt(l.t("workouts.music.tempo"))]),
                        voidEl(
                            "input",
                            [
                                Attr("type", "number"), .id("bpm-\(id)"), Attr("name", "bpm"), .class("field-input"),
                                Attr("min", "40"), Attr("max", "250"), Attr("step", "0.1"), Attr("inputmode", "decimal"),
                                Attr("value", song.bpm.map { String(format: "%.1f", $0) } ?? ""), .aria("describedby", "bpm-hint-\(id)"),
                            ]),
                        el(
                            "p", [.class("field-hint"), .id("bpm-hint-\(id)")],
                            [txt(song.detectedBPM == nil ? l.t("workouts.music.noBeatHint") : l.t("workouts.music.tempoHint", detected))]),
                        errors["bpm"].map { el("p", [.class("field-error")], [txt($0)]) } ?? .empty,
                    ]),
                quick.isEmpty
                    ? .empty
                    : el(
                        "div", [.class("tempo-choices"), Attr("role", "group"), .aria("label", l.t("workouts.music.quickTempo"))],
                        quick.map { value in
                            el(
                                "button",
                                [
                                    .class("chip-button"), Attr("type", "submit"), Attr("name", "bpm"),
                                    Attr("value", String(format: "%.1f", value)),
                                ], [txt(l.bpm(value))])
                        }),
                tagField("title", l.t("workouts.music.songTitle"), song.title, id: id, error: errors["title"]),
                tagField("artist", l.t("workouts.music.artist"), song.artist, id: id, error: errors["artist"]),
                tagField("genre", l.t("workouts.music.genre"), song.genre, id: id, error: errors["genre"]),
                el("button", [.class("button button-secondary button-block"), Attr("type", "submit")], [txt(l.t("workouts.music.save"))]),
            ])
    }

    /// The detector's candidates and the octave above and below the tempo in use, each once.
    static func quickTempos(_ song: Song) -> [Double] {
        var values: [Double] = []
        for value in song.candidates + (song.bpm.map { [$0 / 2, $0 * 2] } ?? []) where SongEdit.bpmRange.contains(value) {
            let rounded = (value * 10).rounded() / 10
            if rounded != song.bpm.map({ ($0 * 10).rounded() / 10 }), !values.contains(rounded) { values.append(rounded) }
        }
        return values
    }

    private static func tagField(_ name: String, _ label: String, _ value: String?, id: String, error: String?) -> HTMLNode {
        el(
            "div", [.class(error == nil ? "field" : "field field-invalid")],
            [
                el("label", [.class("field-label"), Attr("for", "\(name)-\(id)")], [txt(label)]),
                voidEl(
                    "input",
                    [
                        Attr("type", "text"), .id("\(name)-\(id)"), Attr("name", name), .class("field-input"), Attr("maxlength", "200"),
                        Attr("value", value ?? ""),
                    ]),
                error.map { el("p", [.class("field-error")], [txt($0)]) } ?? .empty,
            ])
    }
}
