import Fluent
import Foundation
import KineticCore
import Vapor

/// Workout goals: `GET|POST /api/v1/workout-goals`, `GET|PUT|DELETE
/// /api/v1/workout-goals/{goalId}` (PUT replaces the goal: the same members as POST).
struct WorkoutGoalsAPIController {
    func list(_ request: Request) async throws -> [WorkoutGoalDTO] {
        try await request.workouts().statuses(of: request.workouts().workoutGoals.all()).map(WorkoutGoalDTO.init)
    }

    func create(_ request: Request) async throws -> Response {
        let goal = try await WorkoutGoalInput.validate(JSONMemberReader.object(request.jsonBody()).get().members).get()
        let record = try await request.workouts().workoutGoals.add(goal, at: request.now)
        return try await request.workouts().workoutGoalDTO(record).created(at: .api(.workoutGoal(id: record.id?.uuidString)), for: request)
    }

    func show(_ request: Request) async throws -> WorkoutGoalDTO {
        try await request.workouts().workoutGoalDTO(request.ownedWorkoutGoal())
    }

    func replace(_ request: Request) async throws -> WorkoutGoalDTO {
        let record = try await request.ownedWorkoutGoal()
        let goal = try await WorkoutGoalInput.validate(JSONMemberReader.object(request.jsonBody()).get().members).get()
        try await request.workouts().workoutGoals.update(record, to: goal, at: request.now)
        return try await request.workouts().workoutGoalDTO(record)
    }

    func delete(_ request: Request) async throws -> HTTPStatus {
        try await request.ownedWorkoutGoal().delete(on: request.db)
        return .noContent
    }

    /// `POST /api/v1/workouts/{workoutId}/completions`: the workout was played to the end; 201
    /// when stored, 200 with the stored one when its run was already recorded.
    func complete(_ request: Request) async throws -> Response {
        let workout = try await request.ownedWorkout()
        let effort = try await request.completionEffort()
        let completion = try await request.workouts().complete(
            workout, runID: request.completionRunID(), worked: effort.worked, skipped: effort.skipped)
        return try await request.workouts().completedWorkoutDTO(completion.record).encodeResponse(
            status: completion.isRepeat ? .ok : .created, for: request)
    }
}

extension WorkoutsService {
    func workoutGoalDTO(_ record: WorkoutGoalRecord) async throws -> WorkoutGoalDTO {
        guard let status = try await statuses(of: [record]).first else { throw AppError.notFound }
        return try WorkoutGoalDTO(status)
    }

    func completedWorkoutDTO(_ completion: CompletedWorkoutRecord) async throws -> CompletedWorkoutDTO {
        let worked = completion.completed(in: calendar.timeZone)
        let rows = try await ExerciseResultRecord.query(on: database).filter(\.$completedWorkout.$id == completion.requireID()).sort(
            \.$recordedAt
        ).all()
        let levels = try await exerciseResults.latestLevels()
        let tracked = try await exerciseResults.trackedExerciseIDs()
        return CompletedWorkoutDTO(
            id: try completion.requireID(), workoutId: completion.$workout.id, completedAt: completion.completedAt.formatted(.iso8601),
            seconds: completion.seconds, workedSeconds: completion.workedSeconds, plannedWorkSeconds: completion.plannedWorkSeconds,
            skipped: completion.skippedExercises, counts: completion.counts,
            categories: Exercise.Category.allCases.filter(worked.categories.contains).map(\.rawValue),
            muscles: Exercise.Muscle.allCases.filter(worked.muscles.contains).map(\.rawValue),
            exercises: rows.compactMap { row in
                catalogue.exercise(id: row.exerciseID).map {
                    TrackedExerciseDTO(
                        exercise: ExerciseDTO($0, l: localizer), tracked: tracked.contains($0.id), latestLevel: levels[$0.id])
                }
            }.sorted { $0.exercise.name < $1.exercise.name }
        )
    }
}
