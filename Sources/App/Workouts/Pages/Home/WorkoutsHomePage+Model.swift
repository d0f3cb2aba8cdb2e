import Foundation
import KineticCore

extension WorkoutsHomePage {
    /// One workout of View Workouts.
    struct Cell {
        let id: String
        let name: String
        let minutes: String
        let exerciseCount: Int
        /// Where it was paused: the exercise's position and name, seconds left, when.
        let progress: (index: Int, exercise: String, secondsLeft: Int, pausedOn: String)?
        let savedOn: String?

        /// Where a tap on it opens the player: the paused second (read when the player opens, so a
        /// list shown before the last save landed still resumes at the right place), or the first
        /// exercise.
        var resumeURL: String {
            guard progress != nil else { return startURL }
            return SiteURL.workouts(.play(id: id)).with([("resume", "1")])
        }

        var startURL: String { SiteURL.workouts(.play(id: id)).path }
    }

    struct Model {
        var inProgress: [Cell]
        var saved: [Cell]
        var songCount: Int
        /// A confirmation after a form (unsaved, quit).
        var notice: String?
        /// Today's reminders of workout goals (the in-app "notify").
        var reminders: [String] = []
    }

    /// Reads the user's paused and saved workouts.
    struct Loader {
        let workouts: WorkoutsRepository
        let songs: SongsRepository
        let catalogue: ExerciseCatalogue
        let timeZone: TimeZone
        let l: Localizer

        func load(notice: String?) async throws -> Model {
            Model(
                inProgress: try await workouts.inProgress().map(cell),
                saved: try await workouts.saved().map(cell),
                songCount: try await songs.playable().count,
                notice: notice
            )
        }

        func cell(_ workout: WorkoutRecord) throws -> Cell {
            let plan = try workout.decodedPlan(), selection = try workout.decodedSelection().selection
            var progress: (Int, String, Int, String)?
            if let index = workout.progressExercise, let left = workout.progressSecondsLeft, plan.steps.indices.contains(index) {
                let name = catalogue.exercise(id: plan.steps[index].exerciseID).map(l.exerciseName) ?? ""
                progress = (index, name, left, l.fullDate(workout.progressUpdatedAt ?? workout.createdAt, in: timeZone))
            }
            return Cell(
                id: try workout.requireID().uuidString, name: l.workoutName(selection), minutes: l.minutes(seconds: plan.totalSeconds),
                exerciseCount: plan.steps.count, progress: progress,
                savedOn: workout.savedAt.map { l.fullDate($0, in: timeZone) }
            )
        }
    }
}
