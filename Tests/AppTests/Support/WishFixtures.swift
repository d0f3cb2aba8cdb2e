import Foundation
import KineticCore
import Testing
import Vapor

@testable import App

extension Application {
    /// Schedules a birthday wish from `sender` to `recipients` on `channels` (e-mail and in-app
    /// are the reach of every recipient, as an old API client's list), due `seconds` (whole
    /// minutes) after the test clock's now, written in UTC.
    func scheduleWish(
        from sender: TestAccount, to recipients: [String], channels: [WishChannel], inSeconds seconds: Int = 300,
        subject: String = "Happy birthday", message: String = "All the best!", photo: String? = nil
    ) async throws -> ScheduledWish {
        try await scheduleWish(
            from: sender, to: recipients, reach: RecipientReach.implied(byChannels: Set(channels)) ?? .inApp,
            connections: channels.contains(.connections), inSeconds: seconds, subject: subject, message: message, photo: photo)
    }

    /// Schedules a birthday wish from `sender` reaching each of `recipients` by `reach` (and
    /// posted on Connections with `connections`), due `seconds` (whole minutes) after the test
    /// clock's now, written in UTC.
    func scheduleWish(
        from sender: TestAccount, to recipients: [String], reach: RecipientReach, connections: Bool = false,
        inSeconds seconds: Int = 300, subject: String = "Happy birthday", message: String = "All the best!", photo: String? = nil
    ) async throws -> ScheduledWish {
        let utc = TimeZone(identifier: "UTC")!
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = utc
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let input = WishDraftInput(
            occasion: "birthday", subject: subject, message: message, photo: photo, recipients: recipients,
            sendAt: formatter.string(from: testNow.addingTimeInterval(TimeInterval(seconds))),
            reaches: Dictionary(uniqueKeysWithValues: recipients.map { ($0, reach.rawValue) }), postsToConnections: connections)
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
