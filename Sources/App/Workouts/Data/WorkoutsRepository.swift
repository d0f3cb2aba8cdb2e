import Fluent
import Foundation

/// One user's kept workouts: saved, in progress, and drafts.
struct WorkoutsRepository {
    let database: any Database
    let userID: UUID

    /// How long a draft (generated, never saved nor paused) is kept.
    static let draftLifetime: TimeInterval = 24 * 3600

    func find(_ id: String) async throws -> WorkoutRecord? {
        guard let uuid = UUID(uuidString: id) else { return nil }
        return try await WorkoutRecord.query(on: database).filter(\.$id == uuid).filter(\.$user.$id == userID).first()
    }

    /// Paused workouts, the latest paused first.
    func inProgress() async throws -> [WorkoutRecord] {
        try await WorkoutRecord.query(on: database).filter(\.$user.$id == userID).filter(\.$progressExercise != nil)
            .sort(\.$progressUpdatedAt, .descending).sort(\.$id).all()
    }

    /// Saved workouts, the latest saved first.
    func saved() async throws -> [WorkoutRecord] {
        try await WorkoutRecord.query(on: database).filter(\.$user.$id == userID).filter(\.$savedAt != nil)
            .sort(\.$savedAt, .descending).sort(\.$id).all()
    }

    /// Removes drafts older than ``draftLifetime``.
    func removeStaleDrafts(now: Date) async throws {
        try await WorkoutRecord.query(on: database).filter(\.$user.$id == userID)
            .filter(\.$savedAt == nil).filter(\.$progressExercise == nil)
            .filter(\.$createdAt < now.addingTimeInterval(-Self.draftLifetime)).delete()
    }
}
