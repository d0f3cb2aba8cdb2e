import Fluent
import Foundation
import KineticCore

/// The demo account's wishes: a few scheduled for the coming weeks, an Inbox with greetings from
/// friends (the newest two unread), and some sent, one of whose deliveries failed.
enum WishesDemo {
    private struct Friend {
        let name: String
        let email: String
    }

    private static let friends = [
        Friend(name: "Mia Schmidt", email: "mia.schmidt@example.com"), Friend(name: "Jonas Weber", email: "jonas@example.com"),
        Friend(name: "Priya Shah", email: "priya.shah@example.com"),
    ]

    static func seed(for userID: UUID, now: Date, timeZone: TimeZone, on database: any Database) async throws {
        let day: TimeInterval = 86_400
        let scheduled: [(Occasion, String, String, [String], TimeInterval)] = [
            (
                .birthday, "Happy birthday, Sam!", "Another lap around the sun! Have a wonderful day, and save me a slice of cake.",
                ["sam@example.com"], 3 * day
            ),
            (
                .anniversary, "Happy anniversary, you two", "Ten years! Here's to many more adventures together.",
                ["lena@example.com", "tom@example.com"], 9 * day
            ),
            (
                .thankYou, "Thank you, coach", "Thanks for pushing us through every Saturday session. We made it!", ["coach@example.com"],
                16 * day
            ),
            (
                .holiday, "Happy holidays!", "Wishing you a cosy break full of good food, good friends and plenty of rest.",
                [friends[0].email, friends[1].email], 30 * day
            ),
        ]
        for (index, item) in scheduled.enumerated() {
            // On the hour, as the compose page offers.
            let sendAt = ((now + item.4).timeIntervalSince1970 / 3600).rounded(.down) * 3600
            try await insertWish(
                userID, item.0, item.1, item.2, item.3, photo: "stock:\(item.0.stockPhotoIDs[index % 3])", sendAt: sendAt,
                state: .scheduled, timeZone: timeZone, now: now, on: database)
        }
        let sent: [(Occasion, String, String, [String], TimeInterval)] = [
            (
                .congratulations, "Congratulations on the new job!", "So proud of you. They are lucky to have you!", [friends[2].email],
                2 * day
            ),
            (
                .birthday, "Happy birthday, Jonas", "Have a great one! Dinner is on me this week.",
                [friends[1].email, "jonas.old@example.net"], 6 * day
            ),
        ]
        for item in sent {
            let finishedAt = now - item.4
            let wishID = try await insertWish(
                userID, item.0, item.1, item.2, item.3, photo: "stock:\(item.0.stockPhotoIDs[0])",
                sendAt: finishedAt.timeIntervalSince1970, state: .sent, timeZone: timeZone, now: now, on: database)
            // Nobody confirmed the old address in Kinetic: that delivery failed, saying so.
            let failedRecipient = item.3.count > 1 ? item.3[1] : nil
            try await WishDeliveryRecord.query(on: database)
                .set(\.$state, to: .delivered).set(\.$attempts, to: 1).set(\.$finishedAt, to: finishedAt)
                .filter(\.$wish.$id == wishID).update()
            if let failedRecipient {
                try await WishDeliveryRecord.query(on: database)
                    .set(\.$state, to: .failed).set(\.$lastError, to: DeliveryFailure.noConfirmedAccount.rawValue)
                    .filter(\.$wish.$id == wishID).filter(\.$recipient == failedRecipient).update()
            }
        }
        let received: [(Friend, Occasion, String, String, TimeInterval, Bool)] = [
            (
                friends[0], .thankYou, "Thanks for the run today!", "That was the best 10k I've done in ages. Same time next week?",
                0.2 * day, false
            ),
            (
                friends[2], .congratulations, "You did it!", "Congratulations on finishing your first half marathon! Incredible effort.",
                1.1 * day, false
            ),
            (friends[1], .holiday, "Greetings from the mountains", "Snow, sun and far too much cheese. Wish you were here!", 4 * day, true),
            (friends[0], .birthday, "Happy birthday!", "Hope your day is as wonderful as you are. Cake on Friday?", 12 * day, true),
            (
                friends[2], .anniversary, "One year at the gym together",
                "A year of early mornings and sore legs. Thanks for being the best training buddy.", 20 * day, true
            ),
        ]
        for (friend, occasion, subject, message, age, read) in received {
            let at = now - age
            try await InboxWishRecord(
                of: (UUID(), occasion, subject, message, "stock:\(occasion.stockPhotoIDs[1])"), deliveryID: UUID(), recipientID: userID,
                senderName: friend.name, senderEmail: friend.email, at: at, readAt: read ? at + 3600 : nil
            ).create(on: database)
        }
    }

    @discardableResult
    private static func insertWish(
        _ senderID: UUID, _ occasion: Occasion, _ subject: String, _ message: String, _ recipients: [String],
        photo: String, sendAt: Double, state: WishRecord.State, timeZone: TimeZone, now: Date, on database: any Database
    ) async throws -> UUID {
        let instant = Date(timeIntervalSince1970: sendAt)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let wish = WishRecord()
        let wishID = UUID()
        wish.id = wishID
        wish.$sender.id = senderID
        wish.state = state
        wish.occasion = occasion
        wish.subject = subject
        wish.message = message
        wish.photo = photo
        wish.sendAt = instant
        wish.localSendAt = formatter.string(from: instant)
        wish.timeZone = timeZone.identifier
        wish.postsToConnections = false
        wish.searchText = WishSearchText.stored(subject: subject, people: recipients, message: message)
        wish.createdAt = now
        wish.dispatchedAt = state == .sent ? instant : nil
        try await wish.create(on: database)
        // In-app, as a server without mail reaches everyone (``RecipientReach/automatic``).
        let addressees = recipients.map { WishRecipient(address: $0, reach: .inApp) }
        try await WishRecipientRecord.rows(of: addressees, for: wishID).create(on: database)
        try await WishDeliveryRecord.pending(for: wishID, due: instant, recipients: addressees, postsToConnections: false)
            .create(on: database)
        return wishID
    }
}
