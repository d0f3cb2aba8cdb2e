import Fluent
import Foundation
import KineticCore
import Vapor

/// The Workouts module's operations for one signed-in user: their songs, themes and
/// workouts (built, paused, finished), fitness tests and their results, tracked exercises and
/// workout goals. Made once per request (`request.workouts()`) from the database, the clock,
/// the configuration, the exercise catalogue and the user's tool line; the web and API
/// controllers both call it. The operations live in extensions beside the controllers that
/// use them most (`extension WorkoutsService` in `API/`, `Plan/`, `Fitness/`, `Goals/`).
struct WorkoutsService {
    let database: any Database
    let userID: UUID
    let now: Date
    /// The user's today and this month.
    let calendar: UserCalendar
    let configuration: KineticConfiguration
    let catalogue: ExerciseCatalogue
    /// The user's language (a week starts on its first weekday; reminders are written in it).
    let localizer: Localizer
    /// The user's line for tool work (ffmpeg, the tempo and rep-rate analyses).
    let tools: ToolRunner
    /// Where song files are kept.
    let songFiles: SongFiles
    /// Where song uploads are analysed (``SongImportJob``).
    let jobs: JobClient

    var workouts: WorkoutsRepository { WorkoutsRepository(database: database, userID: userID) }
    var workoutBuilder: WorkoutBuilder { WorkoutBuilder(database: database, userID: userID, catalogue: catalogue) }
    var songs: SongsRepository { SongsRepository(database: database, userID: userID) }
    var themes: MusicThemesRepository { MusicThemesRepository(database: database, userID: userID) }
    var fitnessTests: FitnessTestsRepository { FitnessTestsRepository(database: database, userID: userID) }
    var fitnessTester: FitnessTester { FitnessTester(database: database, userID: userID, catalogue: catalogue) }
    var exerciseResults: ExerciseResultsRepository { ExerciseResultsRepository(database: database, userID: userID) }
    var workoutGoals: WorkoutGoalsRepository { WorkoutGoalsRepository(database: database, userID: userID) }

    /// The workout `id`, if it is the user's; 404 otherwise (so for the others).
    func workout(_ id: String) async throws -> WorkoutRecord {
        guard let workout = try await workouts.find(id) else { throw AppError.notFound }
        return workout
    }

    func song(_ id: String) async throws -> SongRecord {
        guard let song = try await songs.find(id) else { throw AppError.notFound }
        return song
    }

    func fitnessTest(_ id: String) async throws -> FitnessTestRecord {
        guard let test = try await fitnessTests.find(id) else { throw AppError.notFound }
        return test
    }

    func workoutGoal(_ id: String) async throws -> WorkoutGoalRecord {
        guard let goal = try await workoutGoals.find(id) else { throw AppError.notFound }
        return goal
    }
}

extension Request {
    /// The Workouts module's operations for the signed-in user.
    func workouts() throws -> WorkoutsService {
        WorkoutsService(
            database: db, userID: try requireUser().requireID(), now: now, calendar: userCalendar,
            configuration: application.kineticConfiguration, catalogue: application.exerciseCatalogue, localizer: localizer,
            tools: try userTools(), songFiles: SongFiles(store: application.media), jobs: JobClient.live(application))
    }

    /// The workout the `workoutId` parameter names, if it is the user's; 404 otherwise (so for
    /// the song, test and goal of `songId`, `testId` and `goalId`).
    func ownedWorkout() async throws -> WorkoutRecord { try await workouts().workout(parameters.get("workoutId") ?? "") }
    func ownedSong() async throws -> SongRecord { try await workouts().song(parameters.get("songId") ?? "") }
    /// The user's song or a starter song (to listen to, never to change).
    func playableSong() async throws -> SongRecord {
        guard let song = try await workouts().songs.findPlayable(parameters.get("songId") ?? "") else { throw AppError.notFound }
        return song
    }
    func ownedFitnessTest() async throws -> FitnessTestRecord { try await workouts().fitnessTest(parameters.get("testId") ?? "") }
    func ownedWorkoutGoal() async throws -> WorkoutGoalRecord { try await workouts().workoutGoal(parameters.get("goalId") ?? "") }
}
