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
    /// language, and its songs with the rate that locks their beat.
    struct Script: Encodable {
        struct Song: Encodable {
            let url: String
            let title: String
            let artist: String?
            let seconds: Double
            let rate: Double
            let fits: Bool
            let credit: String?
        }

        struct Step: Encodable {
            let name: String
            let facts: [String]
            let seconds: Int
            let targetBpm: Int?
            let instructions: [String]
            let songs: [Song]
            /// What the music panel says about the songs (none, or only the closest).
            let musicNote: String?
        }

        let steps: [Step]
        let restSeconds: Int
        let startIndex: Int
        let startSecondsLeft: Int
        let progressURL: String
        let summaryURL: String
        let finishedURL: String
        /// Where the end of the workout is recorded (then the Summary says so).
        let completeURL: String
        /// This playing of the workout: sent with its end, so a retried request counts once.
        let runId: String
        let homeURL: String
    }

    static func script(_ model: Model, l: Localizer) -> Script {
        Script(
            steps: model.details.steps.map { step in
                Script.Step(
                    name: step.exercise.name, facts: l.exerciseFacts(step.exercise),
                    seconds: step.seconds, targetBpm: step.exercise.tempo.targetBPM, instructions: step.exercise.instructions,
                    songs: step.songs.compactMap { song in
                        guard let id = song.record.id?.uuidString else { return nil }
                        return Script.Song(
                            url: SiteURL.workouts(.songAudio(id: id)).path, title: song.record.title ?? l.t("workouts.music.untitled"),
                            artist: song.record.artist, seconds: song.record.seconds, rate: song.playbackRate, fits: song.fits,
                            credit: song.record.attribution
                        )
                    },
                    musicNote: l.musicNote(step)
                )
            },
            restSeconds: model.details.plan.restSeconds, startIndex: model.startIndex, startSecondsLeft: model.startSecondsLeft,
            progressURL: SiteURL.workouts(.progress(id: model.id)).path,
            summaryURL: SiteURL.workouts(.summary(id: model.id)).path,
            finishedURL: SiteURL.workouts(.summary(id: model.id)).with([("finished", "1")]),
            completeURL: SiteURL.workouts(.complete(id: model.id)).path,
            runId: UUID().uuidString.lowercased(),
            homeURL: SiteURL.module(.workouts).path
        )
    }
}
