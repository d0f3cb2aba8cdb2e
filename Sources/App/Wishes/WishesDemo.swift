import Fluent
import Foundation
import KineticCore
import SQLKit

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
        let sql = try database.sql()
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
                state: .scheduled, timeZone: timeZone, now: now, on: sql)
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
            let wishID = try await insertWish(
                userID, item.0, item.1, item.2, item.3, photo: "stock:\(item.0.stockPhotoIDs[0])",
                sendAt: (now - item.4).timeIntervalSince1970, state: .sent, timeZone: timeZone, now: now, on: sql)
            // The old address had bounced: one failed delivery with the mail server's words.
            let failedRecipient = item.3.count > 1 ? item.3[1] : nil
            try await sql.update(WishDeliveryRecord.schema)
                .set("state", to: DeliveryState.delivered.rawValue).set("attempts", to: 1).set(
                    "finished_at", to: (now - item.4).timeIntervalSince1970
                )
                .where("wish_id", .equal, wishID).run()
            if let failedRecipient {
                try await sql.update(WishDeliveryRecord.schema)
                    .set("state", to: DeliveryState.failed.rawValue).set("last_error", to: DeliveryFailure.noAccount.rawValue)
                    .where("wish_id", .equal, wishID).where("recipient", .equal, failedRecipient).run()
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
            let at = (now - age).timeIntervalSince1970
            let item = InboxWishRecord(
                id: UUID(), recipientID: userID, deliveryID: UUID(), wishID: UUID(), senderName: friend.name, senderEmail: friend.email,
                occasion: occasion.rawValue, subject: subject, message: message, photo: "stock:\(occasion.stockPhotoIDs[1])",
                receivedAt: at, readAt: read ? at + 3600 : nil,
                searchText: WishSearchText.folded([subject, message, friend.name, friend.email])
            )
            try await sql.insert(into: InboxWishRecord.schema).model(item, nilEncodingStrategy: .asNil).run()
        }
    }

    @discardableResult
    private static func insertWish(
        _ senderID: UUID, _ occasion: Occasion, _ subject: String, _ message: String, _ recipients: [String],
        photo: String, sendAt: Double, state: WishRecord.State, timeZone: TimeZone, now: Date, on sql: any SQLDatabase
    ) async throws -> UUID {
        let instant = Date(timeIntervalSince1970: sendAt)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let wish = WishRecord(
            id: UUID(), senderID: senderID, state: state, occasion: occasion.rawValue, subject: subject, message: message, photo: photo,
            sendAt: sendAt, localSendAt: formatter.string(from: instant), timeZone: timeZone.identifier,
            channels: WishChannel.inApp.rawValue,
            searchText: WishSearchText.folded([subject, message] + recipients), createdAt: now.timeIntervalSince1970,
            dispatchedAt: state == .sent ? sendAt : nil
        )
        try await sql.insert(into: WishRecord.schema).model(wish, nilEncodingStrategy: .asNil).run()
        let rows = recipients.enumerated().map { WishRecipientRecord(wishID: wish.id, position: $0.offset, address: $0.element) }
        try await sql.insert(into: WishRecipientRecord.schema).models(rows, nilEncodingStrategy: .asNil).run()
        let deliveries = WishesRepository.newDeliveries(for: wish.id, due: sendAt, channels: [.inApp], recipients: recipients)
        try await sql.insert(into: WishDeliveryRecord.schema).models(deliveries, nilEncodingStrategy: .asNil).run()
        return wish.id
    }
}
