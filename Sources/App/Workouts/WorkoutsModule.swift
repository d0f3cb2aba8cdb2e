import Fluent
import KineticCore
import Vapor

extension WorkoutsModule {
    static func migrations(_ configuration: KineticConfiguration) -> [any Migration] {
        [
            CreateSongs(), CreateMusicThemes(), CreateWorkouts(), CreateFitnessTests(), CreateWorkoutGoals(), AddCompletedWorkoutRunID(),
            AddCompletedWorkoutEffort(), RescaleFitnessLevels(catalogue: { try ExerciseCatalogue.shipped() }),
            AddSongAudibleEnd(), AddWorkoutExerciseCount(), AddWorkoutGoalRemindedOn(), AddWorkoutPlayLease(), AddMusicThemePlayedCount(),
            AddSongBeatOffset(),
        ]
    }

    static var commands: [any KineticCommand.Type] { [EstimateTempoCommand.self, RepRateCommand.self] }

    /// The user's songs.
    static func storedBytes(of userID: UUID, on database: any Database) async throws -> Int {
        try await database.sumOfByteCounts(in: SongRecord.schema, owner: "user_id", is: userID)
    }

    /// The exercise catalogue (`Resources/Exercises/exercises.json`, read on first use), and the
    /// job that adds songs.
    static func prepare(_ app: Application) throws {
        app.prepareExerciseCatalogue()
        app.jobs.register(SongImportJob.kind) { job, app in try await SongImportJob.run(job, app) }
        app.incomingUploads.register { app in try await SongImportJob.waitingUploads(app) }
    }

    static func loadSettings(from environment: [String: String], into settings: inout ModuleSettings) throws {
        try settings.load(SongSettings.self, from: environment)
    }

    static let menuItem: SideMenu.Item? = SideMenu.Item(
        icon: .workouts, titleKey: "nav.workouts", url: .module(.workouts), summaryKey: "welcome.workouts", isShortcut: true)

    /// The demo account's songs are mixed from Debian's packages in the background.
    /// The catalogue is read before the server listens, so a broken one stops it at start.
    static func prepareToServe(_ app: Application, demo: Bool) async throws {
        try app.loadExerciseCatalogue()
        StarterSongs.prepareInBackground(app) { if demo { try await WorkoutsDemo.addThemesAndWorkout(app) } }
        WorkoutGoalReminders.sendInBackground(app)
    }
}
