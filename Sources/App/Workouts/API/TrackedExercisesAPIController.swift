import Fluent
import Foundation
import KineticCore
import Vapor

/// `GET /api/v1/tracked-exercises?category=` (the seed's getTrackedExercises) and
/// `PUT /api/v1/tracked-exercises/{exerciseId}` with `{"tracked": true|false}` (toggleTracked,
/// as a set: the client sends what it wants, so a repeat changes nothing).
struct TrackedExercisesAPIController {
    func list(_ request: Request) async throws -> [TrackedExerciseDTO] {
        var category: Exercise.Category?
        if let name = request.query[String.self, at: "category"] {
            guard let named = Exercise.Category(rawValue: name) else {
                throw AppError.validation(FieldErrors(["category": "error.workout.categoryUnknown"]))
            }
            category = named
        }
        return try await request.workouts().trackedExercises(in: category).map { exercise, level in
            TrackedExerciseDTO(exercise: ExerciseDTO(exercise, l: request.localizer), tracked: true, latestLevel: level)
        }
    }

    func update(_ request: Request) async throws -> TrackedExerciseDTO {
        guard let exercise = request.application.exerciseCatalogue.exercise(id: request.parameters.get("exerciseId") ?? "") else {
            throw AppError.notFound
        }
        var reader = try await JSONMemberReader.object(request.jsonBody(), known: ["tracked"]).get()
        let tracked = try reader.result(reader.bool("tracked")).get()
        try await request.workouts().setTracked(exercise, tracked)
        return TrackedExerciseDTO(
            exercise: ExerciseDTO(exercise, l: request.localizer), tracked: tracked,
            latestLevel: try await request.workouts().exerciseResults.latestLevels()[exercise.id])
    }
}

extension WorkoutsService {
    /// Tracks or untracks `exercise`. Only an exercise a fitness test can measure is tracked (a
    /// held stretch has no rate, so it could never show a level): 422 for another; untracking
    /// is always allowed.
    func setTracked(_ exercise: Exercise, _ tracked: Bool) async throws {
        if tracked, !FitnessTestPlan.isTestable(exercise) {
            throw AppError.validation(FieldErrors(["tracked": "error.fitness.notTrackable"]))
        }
        try await exerciseResults.setTracked(exercise.id, tracked, at: now)
    }

    /// The user's tracked exercises (of `category` when given) by name, with their latest level.
    func trackedExercises(in category: Exercise.Category? = nil) async throws -> [(Exercise, Int?)] {
        let results = try exerciseResults
        let levels = try await results.latestLevels()
        return try await results.trackedExerciseIDs().compactMap(catalogue.exercise(id:))
            .filter { category == nil || $0.category == category }
            .sorted { localizer.exerciseName($0).localizedStandardCompare(localizer.exerciseName($1)) == .orderedAscending }
            .map { ($0, levels[$0.id]) }
    }
}
