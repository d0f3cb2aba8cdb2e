/// A workout goal (the seed's Goal; not the Goals module's monthly jump goals): work out `times`
/// times in all, on `daysPerWeek` days a week, with workouts of the goal's categories and
/// muscle groups (none named: any) that last at least `minutes` (nil: any length); a reminder
/// on `reminderDays` (empty: none).
public struct WorkoutGoal: Equatable, Sendable, Codable {
    public var name: String
    public var description: String
    public var times: Int
    public var categories: Set<Exercise.Category>
    public var muscles: Set<Exercise.Muscle>
    public var minutes: Int?
    public var daysPerWeek: Int
    public var reminderDays: Set<Weekday>

    public init(
        name: String, description: String, times: Int, categories: Set<Exercise.Category>, muscles: Set<Exercise.Muscle>,
        minutes: Int?, daysPerWeek: Int, reminderDays: Set<Weekday>
    ) {
        self.name = name
        self.description = description
        self.times = times
        self.categories = categories
        self.muscles = muscles
        self.minutes = minutes
        self.daysPerWeek = daysPerWeek
        self.reminderDays = reminderDays
    }

    /// Whether `workout` counts towards the goal: it shares a category with the goal (or the
    /// goal names none), shares a muscle group (or the goal names none), and is long enough.
    public func counts(_ workout: CompletedWorkout) -> Bool {
        (categories.isEmpty || !categories.isDisjoint(with: workout.categories))
            && (muscles.isEmpty || !muscles.isDisjoint(with: workout.muscles))
            && (minutes.map { workout.seconds >= $0 * 60 } ?? true)
    }
}

/// A workout the user played to the end: what it worked and how long it was planned to last,
/// on the user's local day.
public struct CompletedWorkout: Equatable, Sendable {
    public let day: LocalDate
    public let categories: Set<Exercise.Category>
    public let muscles: Set<Exercise.Muscle>
    public let seconds: Int

    public init(day: LocalDate, categories: Set<Exercise.Category>, muscles: Set<Exercise.Muscle>, seconds: Int) {
        self.day = day
        self.categories = categories
        self.muscles = muscles
        self.seconds = seconds
    }

    /// What `exercises` work: their categories and primary muscles.
    public static func worked(by exercises: [Exercise]) -> (categories: Set<Exercise.Category>, muscles: Set<Exercise.Muscle>) {
        (Set(exercises.map(\.category)), Set(exercises.flatMap(\.primaryMuscles)))
    }
}
