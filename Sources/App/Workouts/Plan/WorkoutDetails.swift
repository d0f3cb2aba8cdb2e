import Fluent
import Foundation
import KineticCore

/// A plan with its exercises and songs looked up, for the API and the pages. A song removed
/// from the library since drops out of its exercises; an exercise is looked up in the shipped
/// catalogue.
struct WorkoutDetails {
    struct Song {
        let record: SongRecord
        let playbackRate: Double
        let fits: Bool
    }

    struct Step {
        let index: Int
        let exercise: Exercise
        let seconds: Int
        let songs: [Song]

        /// No song of the chosen themes fits the exercise's tempo: the closest plays, and the
        /// page says so.
        var playsClosestSong: Bool { songs.contains { !$0.fits } }
    }

    let plan: WorkoutPlan
    let steps: [Step]
    let selection: WorkoutSelectionInput.Validated
    let seed: UInt64

    /// Looks up `plan`'s exercises in `catalogue` and its songs among the user's.
    static func load(
        plan: WorkoutPlan, selection: WorkoutSelectionInput.Validated, seed: UInt64,
        catalogue: ExerciseCatalogue, songs repository: SongsRepository
    ) async throws -> WorkoutDetails {
        let songs = try await repository.songs(Set(plan.steps.flatMap { $0.songs.map(\.songID) }))
        let steps = plan.steps.enumerated().compactMap { index, step -> Step? in
            guard let exercise = catalogue.exercise(id: step.exerciseID) else { return nil }
            let planned = step.songs.compactMap { song in
                songs[song.songID].map { Song(record: $0, playbackRate: song.playbackRate, fits: song.fits) }
            }
            return Step(index: index, exercise: exercise, seconds: step.seconds, songs: planned)
        }
        return WorkoutDetails(plan: plan, steps: steps, selection: selection, seed: seed)
    }

    /// The details of a kept workout.
    static func load(_ workout: WorkoutRecord, catalogue: ExerciseCatalogue, songs: SongsRepository) async throws -> WorkoutDetails {
        try await load(
            plan: workout.decodedPlan(), selection: workout.decodedSelection(), seed: UInt64(clamping: workout.seed),
            catalogue: catalogue, songs: songs
        )
    }
}
