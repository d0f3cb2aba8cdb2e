import Foundation
import KineticCore
import Vapor

/// A workout as the API returns it: generated (no id yet) or kept.
struct WorkoutDTO: Content {
    struct Progress: Content {
        let exerciseIndex: Int
        let secondsLeft: Int
        let updatedAt: String
    }

    struct PlannedSong: Content {
        let id: UUID
        @NullEncoded var title: String?
        @NullEncoded var artist: String?
        @NullEncoded var bpm: Double?
        /// The rate the player sets so the beat locks to the exercise (`preservesPitch` on).
        let playbackRate: Double
        /// False: no song fitted, this is the closest.
        let fits: Bool
        let audioUrl: String
    }

    struct Step: Content {
        let exercise: ExerciseDTO
        let seconds: Int
        let songs: [PlannedSong]
        /// True when no song of the chosen themes fits the exercise's tempo (the closest plays),
        /// or none plays at all (`songs` empty).
        let noFittingSong: Bool
    }

    @NullEncoded var id: UUID?
    /// Generating again with this seed and selection gives the same exercises.
    let seed: UInt64
    let selection: JSONValue
    let totalSeconds: Int
    let restSeconds: Int
    let exercises: [Step]
    @NullEncoded var savedAt: String?
    @NullEncoded var progress: Progress?

    init(_ details: WorkoutDetails, record: WorkoutRecord? = nil) throws {
        id = try record?.requireID()
        seed = details.seed
        selection = .object(WorkoutSelectionInput.members(of: details.selection))
        totalSeconds = details.plan.totalSeconds
        restSeconds = details.plan.restSeconds
        exercises = try details.steps.map { step in
            Step(
                exercise: ExerciseDTO(step.exercise), seconds: step.seconds,
                songs: try step.songs.map { song in
                    let id = try song.record.requireID()
                    return PlannedSong(
                        id: id, title: song.record.title, artist: song.record.artist, bpm: song.record.bpm,
                        playbackRate: (song.playbackRate * 10_000).rounded() / 10_000, fits: song.fits,
                        audioUrl: SiteURL.api(.songAudio(id: id.uuidString)).path
                    )
                },
                noFittingSong: step.songs.isEmpty || step.playsClosestSong
            )
        }
        savedAt = record?.savedAt?.formatted(.iso8601)
        if let record, let index = record.progressExercise, let left = record.progressSecondsLeft, let updated = record.progressUpdatedAt {
            progress = Progress(exerciseIndex: index, secondsLeft: left, updatedAt: updated.formatted(.iso8601))
        }
    }
}

/// `GET /api/v1/workouts`: the two sections of View Workouts.
struct WorkoutListDTO: Content {
    let inProgress: [WorkoutDTO]
    let saved: [WorkoutDTO]
}
