import Foundation
import KineticCore
import Testing
import Vapor

@testable import App

extension Application {
    /// Schedules a birthday wish from `sender` to `recipients` on `channels`, due `seconds`
    /// (whole minutes) after the test clock's now, written in UTC.
    func scheduleWish(
        from sender: TestAccount, to recipients: [String], channels: [WishChannel], inSeconds seconds: Int = 300,
        subject: String = "Happy birthday", message: String = "All the best!", photo: String? = nil
    ) async throws -> ScheduledWish {
        let utc = TimeZone(identifier: "UTC")!
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = utc
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let input = WishDraftInput(
            occasion: "birthday", subject: subject, message: message, photo: photo, recipients: recipients,
            sendAt: formatter.string(from: testNow.addingTimeInterval(TimeInterval(seconds))), channels: channels.map(\.rawValue))
        let draft = try WishDraft.validate(input, timeZone: utc, now: testNow).get()
        let record = try await WishesRepository(database: db).schedule(
            draft, from: try #require(UUID(uuidString: sender.customerId)), now: testNow)
        return ScheduledWish(id: try record.requireID(), record: record)
    }
}

/// A wish a test scheduled: its id, and its row as it was written.
struct ScheduledWish {
    let id: UUID
    let record: WishRecord

    var sendAt: Date { record.sendAt }
}
