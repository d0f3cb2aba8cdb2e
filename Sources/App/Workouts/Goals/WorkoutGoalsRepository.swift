import Fluent
import Foundation
import KineticCore

/// One user's workout goals, the latest set first.
struct WorkoutGoalsRepository {
    let database: any Database
    let userID: UUID

    func all() async throws -> [WorkoutGoalRecord] {
        try await WorkoutGoalRecord.query(on: database).filter(\.$user.$id == userID)
            .sort(\.$createdAt, .descending).sort(\.$id).all()
    }

    /// The user's goal with `id`, or nil (also for a malformed id or another user's goal).
    func find(_ id: String) async throws -> WorkoutGoalRecord? {
        guard let uuid = UUID(uuidString: id) else { return nil }
        return try await WorkoutGoalRecord.query(on: database).filter(\.$id == uuid).filter(\.$user.$id == userID).first()
    }

    func add(_ goal: WorkoutGoal, at date: Date) async throws -> WorkoutGoalRecord {
        let record = WorkoutGoalRecord()
        record.$user.id = userID
        try record.set(goal)
        record.createdAt = date
        record.updatedAt = date
        try await record.create(on: database)
        return record
    }

    func update(_ record: WorkoutGoalRecord, to goal: WorkoutGoal, at date: Date) async throws {
        try record.set(goal)
        record.updatedAt = date
        try await record.save(on: database)
    }
}
