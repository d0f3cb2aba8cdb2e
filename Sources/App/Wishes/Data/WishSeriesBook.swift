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

    /// Makes no more years' wishes until it is resumed; the wish waiting for its time stays, with
    /// any change made to it (deleting it skips that year). 409 for an ended one.
    func pause(_ id: UUID?) async throws -> WishSeriesRecord {
        let series = try await record(id)
        guard series.state != .ended else { throw AppError.conflict(messageKey: "wishes.yearly.error.ended") }
        try await WishSeriesRecord.query(on: database).filter(\.$id == series.requireID()).filter(\.$state == .active)
            .set(\.$state, to: .paused).update()
        return try await record(id)
    }

    /// Ends it for good: no more years' wishes, and the one waiting for its time is taken back
    /// as a deleted wish is (409 while it is being sent). Wishes sent stay in Sent.
    func end(_ id: UUID?) async throws {
        let series = try await record(id)
        let seriesID = try series.requireID()
        // The series first: a roller making a wish holds it, so this waits for that wish and then takes it back too.
        try await WishSeriesRecord.query(on: database).filter(\.$id == seriesID).set(\.$state, to: .ended).update()
        let waiting = try await WishRecord.query(on: database).filter(\.$seriesID == seriesID).filter(\.$state == .scheduled).all(\.$id)
        guard !waiting.isEmpty else { return }
        do {
            try await WishBoxes(database: database, userID: userID).delete(waiting, now: now)
        } catch let refusal as WishChangeRefusal {
            throw AppError.wishChange(refusal)
        }
    }

    /// Makes its wishes again: the next one after now, unless that year's is there; 409 for an
    /// ended one.
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
