import Vapor

/// The Workouts module's paths.
extension SiteURL {
    /// A Workouts page or form under `/workouts`.
    static func workouts(_ page: WorkoutsPath) -> SiteURL {
        SiteURL(["workouts"] + page.pathComponents)
    }

    /// The Workouts module's pages and forms; an id of nil registers the route's parameter.
    enum WorkoutsPath: Hashable, Sendable {
        case new, music, themes
        case summary(id: String?)
        case play(id: String?)
        case save(id: String?)
        case delete(id: String?)
        case progress(id: String?)
        case song(id: String?)
        case deleteSong(id: String?)
        case songAudio(id: String?)
        case deleteTheme(id: String?)
        /// A finished workout: recorded, then its Summary with Track buttons.
        case complete(id: String?)
        case fitness, newFitnessTest
        case fitnessTest(id: String?)
        case fitnessResults(id: String?)
        /// A motion log file or "Skip exercise" for one exercise of a test.
        case fitnessExercise(testID: String?, exerciseID: String?)
        /// Track or untrack an exercise (a form with `tracked` and where to return).
        case track(exerciseID: String?)
        case goals, newGoal
        case goal(id: String?)
        case deleteGoal(id: String?)
        /// A view of the body map (`front.svg`, `back.svg`), with the muscles in the query.
        case bodyMap(view: String?)

        var pathComponents: [PathComponent] {
            switch self {
            case .new: ["new"]
            case .music: ["music"]
            case .themes: ["themes"]
            case .summary(let id): [SiteURL.parameter(id, "workoutId")]
            case .play(let id): [SiteURL.parameter(id, "workoutId"), "play"]
            case .save(let id): [SiteURL.parameter(id, "workoutId"), "save"]
            case .delete(let id): [SiteURL.parameter(id, "workoutId"), "delete"]
            case .progress(let id): [SiteURL.parameter(id, "workoutId"), "progress"]
            case .song(let id): ["music", SiteURL.parameter(id, "songId")]
            case .deleteSong(let id): ["music", SiteURL.parameter(id, "songId"), "delete"]
            case .songAudio(let id): ["music", SiteURL.parameter(id, "songId"), "audio"]
            case .deleteTheme(let id): ["themes", SiteURL.parameter(id, "themeId"), "delete"]
            case .complete(let id): [SiteURL.parameter(id, "workoutId"), "complete"]
            case .fitness: ["fitness"]
            case .newFitnessTest: ["fitness", "new"]
            case .fitnessTest(let id): ["fitness", SiteURL.parameter(id, "testId")]
            case .fitnessResults(let id): ["fitness", SiteURL.parameter(id, "testId"), "results"]
            case .fitnessExercise(let test, let exercise):
                ["fitness", SiteURL.parameter(test, "testId"), SiteURL.parameter(exercise, "exerciseId")]
            case .track(let exercise): ["tracked", SiteURL.parameter(exercise, "exerciseId")]
            case .goals: ["goals"]
            case .newGoal: ["goals", "new"]
            case .goal(let id): ["goals", SiteURL.parameter(id, "goalId")]
            case .deleteGoal(let id): ["goals", SiteURL.parameter(id, "goalId"), "delete"]
            case .bodyMap(let view): ["body-map", SiteURL.parameter(view, "view")]
            }
        }
    }
}

extension SiteURL.Module {
    static let workouts = Self("workouts")
}

extension SiteURL.API {
    static let exercises = Self(["exercises"])
    static let songs = Self(["songs"])
    /// `/api/v1/songs/{songId}`; nil registers the route's parameter (so for the others).
    static func song(id: String?) -> Self { Self(["songs", SiteURL.parameter(id, "songId")]) }
    static func songAudio(id: String?) -> Self { Self(["songs", SiteURL.parameter(id, "songId"), "audio"]) }
    static let themes = Self(["themes"])
    static func theme(id: String?) -> Self { Self(["themes", SiteURL.parameter(id, "themeId")]) }
    static let workouts = Self(["workouts"])
    static let generateWorkout = Self(["workouts", "generate"])
    static func workout(id: String?) -> Self { Self(["workouts", SiteURL.parameter(id, "workoutId")]) }
    static func workoutProgress(id: String?) -> Self { Self(["workouts", SiteURL.parameter(id, "workoutId"), "progress"]) }
    static func workoutPlay(id: String?) -> Self { Self(["workouts", SiteURL.parameter(id, "workoutId"), "play"]) }
    static func workoutCompletions(id: String?) -> Self { Self(["workouts", SiteURL.parameter(id, "workoutId"), "completions"]) }
    static let fitnessRate = Self(["fitness-tests", "rate"])
    static let fitnessTests = Self(["fitness-tests"])
    static func fitnessTest(id: String?) -> Self { Self(["fitness-tests", SiteURL.parameter(id, "testId")]) }
    static func fitnessTestExercise(testID: String?, exerciseID: String?) -> Self {
        Self(["fitness-tests", SiteURL.parameter(testID, "testId"), "exercises", SiteURL.parameter(exerciseID, "exerciseId")])
    }
    static func fitnessTestSkip(testID: String?, exerciseID: String?) -> Self {
        Self(["fitness-tests", SiteURL.parameter(testID, "testId"), "exercises", SiteURL.parameter(exerciseID, "exerciseId"), "skip"])
    }
    static let trackedExercises = Self(["tracked-exercises"])
    static func trackedExercise(exerciseID: String?) -> Self { Self(["tracked-exercises", SiteURL.parameter(exerciseID, "exerciseId")]) }
    static let workoutGoals = Self(["workout-goals"])
    static func workoutGoal(id: String?) -> Self { Self(["workout-goals", SiteURL.parameter(id, "goalId")]) }
}
