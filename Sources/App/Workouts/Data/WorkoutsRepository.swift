import Fluent
import Foundation
import SQLKit

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

    /// View Workouts' read, on every visit of the API's list: the paused workouts (latest paused
    /// first) and the saved ones (latest saved first) in one query of the columns the list shows.
    /// Not models: the plan is most of a workout's bytes, and building a Fluent model reflects
    /// over its properties for each row.
    func listings() async throws -> (inProgress: [WorkoutListing], saved: [WorkoutListing]) {
        let rows = try await database.sql().select()
            .columns("id", "seed", "selection", "total_seconds", "exercise_count", "saved_at")
            .columns("progress_exercise", "progress_seconds_left", "progress_updated_at")
            .from(WorkoutRecord.schema)
            .where("user_id", .equal, userID)
            .where { $0.where("progress_exercise", .isNot, SQLLiteral.null).orWhere("saved_at", .isNot, SQLLiteral.null) }
            .all()
        let listings = try rows.map(WorkoutListing.init)
        return (
            inProgress: Self.latestFirst(listings.compactMap { listing in listing.progress.map { (listing, $0.updatedAt) } }),
            saved: Self.latestFirst(listings.compactMap { listing in listing.savedAt.map { (listing, $0) } })
        )
    }

    /// Latest first; equal times in the order of their ids, as the database orders them (bytes).
    private static func latestFirst(_ listings: [(WorkoutListing, Date)]) -> [WorkoutListing] {
        listings.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.id.uuidString < $1.0.id.uuidString }.map(\.0)
    }

    /// Removes drafts older than ``draftLifetime``.
    func removeStaleDrafts(now: Date) async throws {
        try await WorkoutRecord.query(on: database).filter(\.$user.$id == userID)
            .filter(\.$savedAt == nil).filter(\.$progressExercise == nil)
            .filter(\.$createdAt < now.addingTimeInterval(-Self.draftLifetime)).delete()
    }
}

/// A kept workout as View Workouts lists it: its columns, without the plan.
struct WorkoutListing: Sendable {
    struct Progress: Sendable {
        let exerciseIndex: Int
        let secondsLeft: Int
        let updatedAt: Date

        /// From a workout's three progress columns: in progress only when all three are set.
        init?(exerciseIndex: Int?, secondsLeft: Int?, updatedAt: Date?) {
            guard let exerciseIndex, let secondsLeft, let updatedAt else { return nil }
            self.exerciseIndex = exerciseIndex
            self.secondsLeft = secondsLeft
            self.updatedAt = updatedAt
        }
    }

    let id: UUID
    let seed: Int64
    /// The selection's members as JSON (``WorkoutRecord/selection``).
    let selection: String
    let totalSeconds: Int
    let exerciseCount: Int
    let savedAt: Date?
    let progress: Progress?

    init(_ row: any SQLRow) throws {
        id = try row.decode(column: "id", as: UUID.self)
        seed = try row.decode(column: "seed", as: Int64.self)
        selection = try row.decode(column: "selection", as: String.self)
        totalSeconds = try row.decode(column: "total_seconds", as: Int.self)
        exerciseCount = try row.decode(column: "exercise_count", as: Int.self)
        savedAt = try row.decode(column: "saved_at", as: Date?.self)
        progress = Progress(
            exerciseIndex: try row.decode(column: "progress_exercise", as: Int?.self),
            secondsLeft: try row.decode(column: "progress_seconds_left", as: Int?.self),
            updatedAt: try row.decode(column: "progress_updated_at", as: Date?.self))
    }
}
