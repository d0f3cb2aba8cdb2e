import Foundation
import KineticCore

extension PlayerPage {
    struct Model {
        let id: String
        let name: String
        let details: WorkoutDetails
        /// Where to start: an exercise's position and its seconds left.
        let startIndex: Int
        let startSecondsLeft: Int
    }

    /// What the page's script plays: each exercise with its words already in the user's
    /// language, and the workout's soundtrack (``SoundtrackCue``) with its songs' addresses.
    struct Script: Encodable {
        struct Cue: Encodable {
            let at: Int
            /// The song's address; nil for the click track (at `bpm`) or quiet.
            let url: String?
            let title: String?
            let artist: String?
            let credit: String?
            let from: Double
            let rate: Double
            let bpm: Int?
            let ducked: Bool
            /// Seconds over which it fades in as the song before it fades out.
            let fadeIn: Double
        }

        struct Step: Encodable {
            let name: String
            let facts: [String]
            let seconds: Int
            /// The rest after it.
            let rest: Int
            /// The second of the workout it starts at.
            let start: Int
            /// What the phase line says of its place: "Warm-up", "Round 2 of 3", "Cool-down".
            let partLabel: String
            let targetBpm: Int?
            let repsPerMinute: Int?
            let instructions: [String]
            /// The body map's views (``BodyMap/url(_:_:)``) and its caption's lines.
            let bodyMapFront: String
            let bodyMapBack: String
            let primaryLegend: String?
            let secondaryLegend: String?
            /// What the music panel says when the click track keeps the beat.
            let musicNote: String?
        }

        let id: String
        /// The workout's name, for the lock screen.
        let name: String
        let steps: [Step]
        let soundtrack: [Cue]
        let startIndex: Int
        let startSecondsLeft: Int
        let progressURL: String
        /// Where a playing claims the workout as it starts or resumes (it plays in one place at a time).
        let playURL: String
        let summaryURL: String
        let finishedURL: String
        /// Where the end of the workout is recorded (then the Summary says so).
        let completeURL: String
        /// This playing of the workout: sent with its end, so a retried request counts once.
        let runId: String
        let homeURL: String
        /// What the phone keeps to play it without a network.
        let offline: Offline
    }

    /// A workout kept on the phone: the pages it goes through (this one, resumed, the Summary
    /// before and after, the Workouts list), the files it plays (songs, body maps) and their
    /// size in bytes (songs as stored; a body map is a few kilobytes).
    struct Offline: Encodable {
        let pages: [String]
        let files: [String]
        let bytes: Int64
    }

    static func script(_ model: Model, l: Localizer) -> Script {
        let rounds = Dictionary(grouping: model.details.steps.filter { $0.plan.part == .main }, by: \.plan.round).count
        return Script(
            id: model.id,
            name: model.name,
            steps: model.details.steps.map { step in
                let partLabel: String =
                    switch step.plan.part {
                    case .warmUp: l.t("workouts.summary.warmUp")
                    case .coolDown: l.t("workouts.summary.coolDown")
                    case .main: l.t("workouts.player.round", l.number(step.plan.round), l.number(rounds))
                    }
                let muscles = BodyMap.Muscles(step.exercise)
                let legend = BodyMap.Legend(muscles, l: l)
                return Script.Step(
                    name: l.exerciseName(step.exercise), facts: l.exerciseFacts(step.exercise, tempo: step.tempo), seconds: step.seconds,
                    rest: step.plan.restAfter, start: step.start, partLabel: partLabel, targetBpm: step.plan.targetBPM,
                    repsPerMinute: step.plan.repsPerMinute, instructions: l.exerciseInstructions(step.exercise),
                    bodyMapFront: BodyMap.url(.front, muscles), bodyMapBack: BodyMap.url(.back, muscles),
                    primaryLegend: legend.primary, secondaryLegend: legend.secondary, musicNote: l.musicNote(step))
            },
            soundtrack: model.details.soundtrack.map { cue in
                let id = cue.song?.id?.uuidString
                return Script.Cue(
                    at: cue.cue.at, url: id.map { SiteURL.workouts(.songAudio(id: $0)).path },
                    title: cue.song.map { $0.title ?? l.t("workouts.music.untitled") }, artist: cue.song?.artist,
                    credit: cue.song?.attribution, from: cue.cue.from, rate: cue.cue.rate, bpm: cue.cue.bpm, ducked: cue.cue.ducked,
                    fadeIn: cue.cue.fadeIn)
            },
            startIndex: model.startIndex, startSecondsLeft: model.startSecondsLeft,
            progressURL: SiteURL.workouts(.progress(id: model.id)).path,
            playURL: SiteURL.workouts(.play(id: model.id)).path,
            summaryURL: SiteURL.workouts(.summary(id: model.id)).path,
            finishedURL: SiteURL.workouts(.summary(id: model.id)).with([("finished", "1")]),
            completeURL: SiteURL.workouts(.complete(id: model.id)).path,
            runId: UUID().uuidString.lowercased(),
            homeURL: SiteURL.module(.workouts).path,
            offline: offline(model)
        )
    }

    static func offline(_ model: Model) -> Offline {
        var songs: [String: Int64] = [:]
        for cue in model.details.soundtrack {
            if let song = cue.song, let id = song.id?.uuidString { songs[SiteURL.workouts(.songAudio(id: id)).path] = song.byteCount }
        }
        var bodyMaps: [String] = []
        for step in model.details.steps {
            let muscles = BodyMap.Muscles(step.exercise)
            for url in [BodyMap.url(.front, muscles), BodyMap.url(.back, muscles)] where !bodyMaps.contains(url) { bodyMaps.append(url) }
        }
        let play = SiteURL.workouts(.play(id: model.id))
        let summary = SiteURL.workouts(.summary(id: model.id))
        return Offline(
            pages: [
                play.path, play.with([("resume", "1")]), summary.path, summary.with([("finished", "1")]), SiteURL.module(.workouts).path,
            ],
            files: songs.keys.sorted() + bodyMaps, bytes: songs.values.reduce(0, +) + Int64(bodyMaps.count) * 4096)
    }
}
