import Foundation
import KineticCore

/// The Exercise page (seed: "Working out"): the exercise, a countdown of its time left, the
/// song playing (title, artist, position) at the exercise's tempo, Pause/Resume, Skip and
/// Quit. `js/workouts/player.js` runs it: time comes from timestamps (a sleeping tab catches
/// up), the audio's `playbackRate` locks each song's beat to the exercise with
/// `preservesPitch` on, a pause or quit is saved as the workout's progress, and the last
/// exercise leads back to the Summary. Every control is a button; changes are announced.
enum PlayerPage {
    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let steps = model.details.steps
        let step = steps[model.startIndex]
        let json = (try? JSONEncoder.sorted.encode(script(model, l: l))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let content: [HTMLNode] = [
            el(
                "div",
                [
                    .id("player"), .class("player"), .data("csrf", context.csrfToken), .data("offline-stays", ""),
                    .data("artwork-small", context.assets.url("images/icon-192.png")),
                    .data("artwork", context.assets.url("images/icon-512.png")),
                    .data("label-pause", l.t("workouts.player.pause")), .data("label-resume", l.t("workouts.player.resume")),
                    .data("label-exercise", l.t("workouts.player.exerciseOf", "%1$@", "%2$@")),
                    .data("label-rest", l.t("workouts.player.rest")), .data("label-next", l.t("workouts.player.next", "%1$@")),
                    .data("label-paused", l.t("workouts.player.paused")), .data("label-no-music", l.t("workouts.player.noMusic")),
                    .data("label-start", l.t("workouts.player.start")), .data("label-click", l.t("workouts.player.click")),
                    .data("label-cue-next", l.t("workouts.cue.next", "%1$@", "%2$@")), .data("label-cue-go", l.t("workouts.cue.go")),
                    .data("label-cue-done", l.t("workouts.cue.done")), .data("label-then", l.t("workouts.player.then", "%1$@")),
                    .data("label-rep", l.t("workouts.player.rep", "%1$@", "%2$@")),
                    .data("label-voice-on", l.t("workouts.player.voiceOn")), .data("label-voice-off", l.t("workouts.player.voiceOff")),
                    .data("label-rate", l.t("workouts.player.rate", "%1$@", "%2$@")),
                    .data("label-own-tempo", l.t("workouts.player.ownTempo")),
                    .data("label-bpm", l.t("workouts.bpm", "%1$@")),
                    .data("label-announce-exercise", l.t("workouts.player.announceExercise", "%1$@", "%2$@", "%3$@")),
                    .data("label-announce-rest", l.t("workouts.player.announceRest", "%1$@", "%2$@")),
                    .data("label-left", l.t("workouts.player.secondsLeft", "%1$@")),
                    .data("label-queued-title", l.t("workouts.player.queuedTitle")),
                    .data("label-queued", l.t("workouts.player.queued")), .data("label-home", l.t("workouts.player.backToWorkouts")),
                ],
                [
                    el(
                        "script", [Attr("type", "application/json"), .id("player-data")],
                        [.raw(json.replacingOccurrences(of: "</", with: "<\\/"))]),
                    progressBar(count: steps.count, current: model.startIndex, l: l),
                    el(
                        "p", [.class("player-phase"), .id("player-phase")],
                        [txt(l.t("workouts.player.exerciseOf", l.number(model.startIndex + 1), l.number(steps.count)))]),
                    el("h2", [.class("player-exercise"), .id("player-exercise")], [txt(l.exerciseName(step.exercise))]),
                    el(
                        "p", [.class("player-facts"), .id("player-facts")],
                        [txt(l.exerciseFacts(step.exercise, tempo: step.tempo).joined(separator: " · "))]),
                    countdown(seconds: model.startSecondsLeft, total: step.seconds, l: l),
                    el("p", [.class("player-reps"), .id("player-reps"), .flag("hidden")]),
                    el("p", [.class("player-next"), .id("player-next"), .flag("hidden")]),
                    el(
                        "div", [.class("player-controls")],
                        [
                            el(
                                "button",
                                [
                                    .class("button button-primary player-pause"), Attr("type", "button"), .id("pause-button"),
                                    .flag("disabled"),
                                ], [txt(l.t("workouts.player.pause"))]),
                            el(
                                "button",
                                [.class("button button-secondary"), Attr("type", "button"), .id("skip-button"), .flag("disabled")],
                                [txt(l.t("workouts.player.skip"))]),
                            el(
                                "button", [.class("button button-quiet"), Attr("type", "button"), .id("quit-button")],
                                [txt(l.t("workouts.player.quit"))]),
                            el(
                                "button",
                                [
                                    .class("button button-quiet player-voice"), Attr("type", "button"), .id("voice-button"),
                                    .aria("pressed", "true"),
                                ],
                                [txt(l.t("workouts.player.voiceOn"))]),
                        ]),
                    nowPlaying(step, l: l),
                    keepCard(l),
                    el(
                        "div",
                        [
                            .class("player-start player-elsewhere"), .id("player-elsewhere"), .flag("hidden"), Attr("role", "alertdialog"),
                            .aria("labelledby", "player-elsewhere-title"), .aria("describedby", "player-elsewhere-text"),
                        ],
                        [
                            el("h2", [.id("player-elsewhere-title")], [txt(l.t("workouts.player.elsewhereTitle"))]),
                            el("p", [.id("player-elsewhere-text")], [txt(l.t("workouts.player.elsewhere"))]),
                            el(
                                "button", [.class("button button-primary button-block"), Attr("type", "button"), .id("play-here-button")],
                                [txt(l.t("workouts.player.playHere"))]),
                        ]),
                    el(
                        "div", [.class("player-start"), .id("player-start"), .flag("hidden")],
                        [
                            el("p", [], [txt(l.t("workouts.player.tapToStart"))]),
                            el(
                                "button", [.class("button button-primary button-block"), Attr("type", "button"), .id("start-button")],
                                [txt(l.t("workouts.player.start"))]),
                        ]),
                    el(
                        "details", [.class("card player-howto")],
                        [
                            el("summary", [], [txt(l.t("workouts.player.howTo"))]),
                            el("div", [.id("player-body-map")], [BodyMap.render(step.exercise, l: l)]),
                            el("ol", [.id("player-instructions")], l.exerciseInstructions(step.exercise).map { el("li", [], [txt($0)]) }),
                        ]),
                    el("p", [.class("visually-hidden"), Attr("role", "status"), .id("player-status")]),
                    el("audio", [.id("player-audio"), Attr("preload", "auto")]),
                    // The second deck: the song a crossfade hands over from.
                    el("audio", [.id("player-audio-2"), Attr("preload", "auto")]),
                    el("noscript", [], [el("p", [.class("banner banner-error")], [txt(l.t("workouts.player.needsScript"))])]),
                ])
        ]
        return Layout.render(
            .init(
                title: model.name, backLink: (SiteURL.module(.workouts).path, l.t("nav.workouts")),
                stylesheet: WorkoutsModule.stylesheet, scripts: ["js/workouts/player.js", "js/workouts/keep.js"], bodyClass: "player-body"),
            context: context, content: content
        )
    }

    /// Keeping the workout on the phone for playing without a network (js/workouts/keep.js
    /// fills in the size and shows the state; without a service worker it stays hidden).
    private static func keepCard(_ l: Localizer) -> HTMLNode {
        el(
            "div",
            [
                .class("player-keep"), .id("player-keep"), .flag("hidden"),
                .data("label-keep", l.t("workouts.keep.button", "%1$@")), .data("label-keeping", l.t("workouts.keep.keeping", "%1$@")),
                .data("label-kept", l.t("workouts.keep.kept")), .data("label-remove", l.t("workouts.keep.remove")),
                .data("label-no-room", l.t("workouts.keep.noRoom", "%1$@")), .data("label-failed", l.t("workouts.keep.failed")),
            ],
            [
                el("p", [.class("player-keep-state"), Attr("role", "status")]),
                el("button", [.class("button button-secondary button-block player-keep-button"), Attr("type", "button")]),
            ])
    }

    private static func progressBar(count: Int, current: Int, l: Localizer) -> HTMLNode {
        el(
            "div",
            [
                .class("player-progress"), .id("player-progress"), Attr("role", "progressbar"),
                .aria("label", l.t("workouts.player.progress")),
                .aria("valuemin", "0"), .aria("valuemax", String(count)), .aria("valuenow", String(current)),
            ],
            (0..<count).map { index in
                el("span", [.class(index < current ? "segment-done" : index == current ? "segment-current" : "")])
            })
    }

    /// The ring and the time left; a timer for assistive technology, which reads it on demand
    /// (the status line announces phases, not every second).
    private static func countdown(seconds: Int, total: Int, l: Localizer) -> HTMLNode {
        let circumference = 2 * Double.pi * 88
        let shown = circumference * Double(seconds) / Double(max(total, 1))
        return el(
            "div", [.class("countdown")],
            [
                el(
                    "svg", [Attr("viewBox", "0 0 200 200"), Attr("class", "countdown-ring"), .aria("hidden", "true")],
                    [
                        el("circle", [Attr("cx", "100"), Attr("cy", "100"), Attr("r", "88"), .class("countdown-track")]),
                        el(
                            "circle",
                            [
                                Attr("cx", "100"), Attr("cy", "100"), Attr("r", "88"), .class("countdown-arc"), .id("countdown-arc"),
                                Attr("stroke-dasharray", SVGNumber.format(circumference)),
                                Attr("stroke-dashoffset", SVGNumber.format(circumference - shown)),
                            ]),
                    ]),
                el(
                    "div", [.class("countdown-text"), Attr("role", "timer"), .aria("labelledby", "countdown-label"), .id("countdown")],
                    [
                        el("span", [.class("countdown-time"), .id("countdown-time")], [txt(l.clock(seconds: seconds))]),
                        el("span", [.class("countdown-label"), .id("countdown-label")], [txt(l.t("workouts.player.timeLeft"))]),
                    ]),
            ])
    }

    private static func nowPlaying(_ step: WorkoutDetails.Step, l: Localizer) -> HTMLNode {
        let song = step.songs.first.map { (record: $0.record, rate: $0.rate) }
        return el(
            "section", [.class("card now-playing"), .aria("labelledby", "now-playing-title")],
            [
                el("h2", [.class("card-title"), .id("now-playing-title")], [txt(l.t("workouts.player.nowPlaying"))]),
                el(
                    "p", [.class("song-title"), .id("song-title")],
                    [txt(song.map { $0.record.title ?? l.t("workouts.music.untitled") } ?? l.t("workouts.player.noMusic"))]),
                el("p", [.class("song-artist"), .id("song-artist")], [txt(song?.record.artist ?? "")]),
                el(
                    "div", [.class("song-progress")],
                    [
                        el("span", [.class("song-progress-bar")], [el("span", [.id("song-progress-fill")])]),
                        el("span", [.class("song-position"), .id("song-position")], [txt("0:00")]),
                    ]),
                el("p", [.class("music-note"), .id("song-note")]),
                el("p", [.class("song-credit"), .id("song-credit")], [txt(song?.record.attribution ?? "")]),
            ])
    }
}
