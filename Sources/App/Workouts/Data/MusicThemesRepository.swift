import Fluent
import Foundation
import KineticCore
import SQLKit

/// One user's music themes.
struct MusicThemesRepository {
    let database: any Database
    let userID: UUID

    /// The themes by name.
    func all() async throws -> [MusicThemeRecord] {
        try await MusicThemeRecord.query(on: database).filter(\.$user.$id == userID).all()
            .sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }

    /// The user's themes among `ids`; an id that is not one of them is missing from the answer.
    func themes(_ ids: [String]) async throws -> [MusicThemeRecord] {
        let uuids = ids.compactMap(UUID.init(uuidString:))
        guard !uuids.isEmpty else { return [] }
        return try await MusicThemeRecord.query(on: database).filter(\.$user.$id == userID).filter(\.$id ~~ uuids).all()
    }

    /// Adds a theme (a song theme's value must already be one of the user's song ids).
    func add(name: String, theme: MusicTheme, workouts: Int, at now: Date) async throws -> MusicThemeRecord {
        let record = MusicThemeRecord()
        record.$user.id = userID
        record.name = name
        record.kind = theme.kind.rawValue
        record.value = theme.value
        record.workoutCount = workouts
        record.playedCount = 0
        record.createdAt = now
        try await record.create(on: database)
        return record
    }

    /// A complete workout was played with the themes `ids`: each has one workout fewer left.
    func played(_ ids: [String]) async throws {
        let uuids = ids.compactMap(UUID.init(uuidString:))
        guard !uuids.isEmpty else { return }
        // In the database, so two finishes at once both count.
        try await database.sql().update(MusicThemeRecord.schema).set(SQLIdentifier("played_count"), to: SQLRaw("played_count + 1"))
            .where("user_id", .equal, userID).where("id", .in, uuids).run()
    }

    func find(_ id: String) async throws -> MusicThemeRecord? {
        guard let uuid = UUID(uuidString: id) else { return nil }
        return try await MusicThemeRecord.query(on: database).filter(\.$id == uuid).filter(\.$user.$id == userID).first()
    }
}
