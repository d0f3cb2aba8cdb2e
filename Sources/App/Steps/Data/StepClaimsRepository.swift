import Fluent
import Foundation
import KineticCore
import SQLKit

/// The periods one user's deliveries claim (``StepClaim``), kept as the union per source and
/// channel: a handful of rows however many pushes came.
struct StepClaimsRepository {
    let database: any Database
    let userID: UUID

    /// Every claim of the user: what ``DailyStepTotals`` merges channels by.
    func all() async throws -> [StepClaim] {
        try await StepClaimRecord.query(on: database).filter(\.$user.$id == userID).all().map { record in
            StepClaim(
                sourceName: record.sourceName, channel: StepChannel(rawValue: record.channel) ?? .push, start: record.startAt,
                end: record.endAt)
        }
    }

    /// Adds `claims`, each merged with the stored ones of its source and channel it overlaps or touches.
    func record(_ claims: [StepClaim]) async throws {
        for claim in claims where claim.end > claim.start {
            let touching = try await StepClaimRecord.query(on: database)
                .filter(\.$user.$id == userID).filter(\.$sourceName == claim.sourceName).filter(\.$channel == claim.channel.rawValue)
                .filter(\.$startAt <= claim.end).filter(\.$endAt >= claim.start)
                .all()
            let record = StepClaimRecord()
            record.$user.id = userID
            record.sourceName = claim.sourceName
            record.channel = claim.channel.rawValue
            record.startAt = touching.map(\.startAt).reduce(claim.start, min)
            record.endAt = touching.map(\.endAt).reduce(claim.end, max)
            for old in touching { try await old.delete(on: database) }
            try await record.create(on: database)
        }
    }
}
