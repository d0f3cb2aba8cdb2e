import Fluent
import Foundation

/// One user's fitness tests.
struct FitnessTestsRepository {
    let database: any Database
    let userID: UUID

    /// The user's test with `id`, or nil (also for a malformed id or another user's test).
    func find(_ id: String) async throws -> FitnessTestRecord? {
        guard let uuid = UUID(uuidString: id) else { return nil }
        return try await FitnessTestRecord.query(on: database).filter(\.$id == uuid).filter(\.$user.$id == userID).first()
    }

    /// The latest tests first, at most `limit`.
    func recent(limit: Int) async throws -> [FitnessTestRecord] {
        try await FitnessTestRecord.query(on: database).filter(\.$user.$id == userID)
            .sort(\.$createdAt, .descending).sort(\.$id).limit(limit).all()
    }
}
