import Fluent
import Foundation
import KineticCore

/// One sender's yearly wishes: listed, paused, resumed, ended. Another user's is never found.
struct WishSeriesBook {
    let database: any Database
    let userID: UUID
    let now: Date
    let roller: YearlyWishRoller

    /// The user's yearly wishes that have not ended, by day of the year.
    func list() async throws -> [WishSeriesRecord] {
        try await WishSeriesRecord.query(on: database).filter(\.$sender.$id == userID).filter(\.$state != .ended)
            .sort(\.$month).sort(\.$day).sort(\.$createdAt).all()
    }

    /// The yearly wish `id`, if it is the user's; 404 otherwise.
    func record(_ id: UUID?) async throws -> WishSeriesRecord {
        guard let id,
            let series = try await WishSeriesRecord.query(on: database).filter(\.$id == id).filter(\.$sender.$id == userID).first()
        else { throw AppError.notFound }
        return series
    }

    /// Stops making its wishes, and takes back the one waiting for its time (a wish going out
    /// right now goes); `ended` for good.
    func stop(_ id: UUID?, ending: Bool) async throws -> WishSeriesRecord {
        let series = try await record(id)
        try await database.transaction { database in
            series.state = ending ? .ended : .paused
            try await series.save(on: database)
            try await WishRecord.query(on: database).filter(\.$seriesID == series.requireID()).filter(\.$state == .scheduled).delete()
        }
        return series
    }

    /// Makes its wishes again, from the next one after now; 409 for an ended one.
    func resume(_ id: UUID?) async throws -> WishSeriesRecord {
        let series = try await record(id)
        guard series.state != .ended else { throw AppError.conflict(messageKey: "wishes.yearly.error.ended") }
        guard series.state == .paused else { return series }
        series.state = .active
        series.nextRollAt = nil
        try await series.save(on: database)
        try await roller.makeNextWish(of: series, now: now)
        return series
    }

    /// Its recipients, in order, with how each gets it.
    func recipients(of series: WishSeriesRecord) async throws -> [WishRecipient] {
        try await WishSeriesRecipientRecord.recipients(of: series.requireID(), on: database)
    }

    /// The wish waiting for its time, if there is one.
    func upcoming(of series: WishSeriesRecord) async throws -> WishRecord? {
        try await WishRecord.query(on: database).filter(\.$seriesID == series.requireID()).filter(\.$state == .scheduled)
            .sort(\.$sendAt).first()
    }
}
