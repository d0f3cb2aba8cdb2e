import Fluent
import Foundation
import KineticCore
import Vapor

/// Turns a Get Workout selection into a plan for one user: checks the chosen themes are the
/// user's, narrows the playable songs to them, runs ``WorkoutGenerator`` with the seed, sets
/// each exercise's tempo from the user's latest fitness-test rate where there is one, and
/// makes the soundtrack (``WorkoutPlan``).
struct WorkoutBuilder {
    let database: any Database
    let userID: UUID
    let catalogue: ExerciseCatalogue

    /// A built workout and what it was made from.
    struct Built {
        let input: WorkoutSelectionInput.Validated
        let seed: UInt64
        let plan: WorkoutPlan
    }

    /// Seeds stay below 2^53 so a JSON number (a double in JavaScript) carries them exactly.
    static let seeds: ClosedRange<UInt64> = 0...(1 << 53 - 1)

    /// Validates `members`, then builds. 422 with a message per field for a bad selection, a
    /// theme that is not the user's or one used up (``MusicTheme/workoutsLeft(of:played:)``);
    /// 422 `workout_impossible` when too few exercises match.
    func build(_ members: [String: JSONValue], seed: UInt64?) async throws -> Built {
        let input = try WorkoutSelectionInput.validate(members).get()
        let themes = try await MusicThemesRepository(database: database, userID: userID).themes(input.themeIDs)
        let known = Set(themes.compactMap { $0.id?.uuidString })
        var errors = FieldErrors()
        let usedUp = Set(themes.filter { $0.workoutsLeft == 0 }.compactMap { $0.id?.uuidString })
        for (index, id) in input.themeIDs.enumerated() {
            let uuid = UUID(uuidString: id)?.uuidString ?? ""
            if !known.contains(uuid) {
                errors.add("themes[\(index)]", "error.workout.themeUnknown")
            } else if usedUp.contains(uuid) {
                errors.add("themes[\(index)]", "error.workout.themeUsedUp")
            }
        }
        guard errors.isEmpty else { throw AppError.validation(errors) }
        let library = try await SongsRepository(database: database, userID: userID).library()
        let songs = MusicTheme.songs(library, selectedBy: themes.map(\.theme))
        let seed = seed ?? UInt64.random(in: Self.seeds)
        switch WorkoutGenerator.generate(from: catalogue.exercises, selection: input.selection, seed: seed) {
        case .success(let workout):
            let rates = try await ExerciseResultsRepository(database: database, userID: userID).latestRates()
            return Built(input: input, seed: seed, plan: WorkoutPlan(workout, library: songs, measuredRates: rates))
        case .failure(.noExerciseMatches):
            throw AppError(status: .unprocessableEntity, code: "workout_impossible", messageKey: "error.workout.noExercise")
        case .failure(.tooFewExercises(let available)):
            throw AppError(
                status: .unprocessableEntity, code: "workout_impossible", messageKey: "error.workout.tooFewExercises",
                messageArguments: [String(available)])
        }
    }

    /// Keeps `built` as a new workout: saved, or a draft the player may pause.
    func keep(_ built: Built, saved: Bool, now: Date) async throws -> WorkoutRecord {
        let workout = WorkoutRecord()
        workout.id = UUID()
        workout.$user.id = userID
        workout.selection = try String(
            decoding: JSONEncoder.sorted.encode(JSONValue.object(WorkoutSelectionInput.members(of: built.input))), as: UTF8.self)
        workout.seed = Int64(built.seed)
        workout.plan = try String(decoding: JSONEncoder.sorted.encode(built.plan), as: UTF8.self)
        workout.totalSeconds = built.plan.totalSeconds
        workout.exerciseCount = built.plan.steps.count
        workout.createdAt = now
        workout.savedAt = saved ? now : nil
        try await workout.create(on: database)
        return workout
    }
}

extension JSONEncoder {
    /// Keys in order, so the same value is always the same text.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

extension WorkoutRecord {
    /// The stored plan; a row that does not decode is a server fault.
    func decodedPlan() throws -> WorkoutPlan {
        try JSONDecoder().decode(WorkoutPlan.self, from: Data(plan.utf8))
    }

    /// The stored selection, read back through the same rules it was validated by.
    func decodedSelection() throws -> WorkoutSelectionInput.Validated {
        let members = try JSONDecoder().decode(JSONValue.self, from: Data(selection.utf8)).objectValue ?? [:]
        return try WorkoutSelectionInput.validate(members).get()
    }
}
