import Fluent
import Foundation
import KineticCore
import SQLKit
import Testing
import VaporTesting

@testable import App

/// The migration to typed columns keeps every row: a wish's comma-joined channels become rows,
/// a JSON search history becomes phrases at their places, and times written as seconds since
/// 1970 read back as the same instants (on PostgreSQL they become `TIMESTAMPTZ`).
@Suite struct TypedWishColumnsMigrationTests {
    @Test func rowsWrittenTheOldWay_readBackTheSame_andRevertingRestoresThem() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let bob = try await app.signUp(name: "Bob", email: "bob@example.com")
            let annID = try #require(UUID(uuidString: ann.customerId))
            let bobID = try #require(UUID(uuidString: bob.customerId))
            // One connection for the schema changes and what reads them: SQLite checks a new
            // column against a connection's cached schema, which another connection's change
            // leaves stale.
            try await app.db.withConnection { db in
                try await AddRecipientReach().revert(on: db)
                try await AddTypedWishColumns().revert(on: db)

                // Rows as the tables held them before: times in seconds, lists joined.
                let sql = try db.sql()
                let wishID = UUID()
                let deliveryID = UUID()
                let sendAt = testNow.addingTimeInterval(3_600).timeIntervalSince1970
                let receivedAt = testNow.timeIntervalSince1970 - 86_400.25
                try await sql.raw(
                    """
                    INSERT INTO wishes (id, sender_id, state, occasion, subject, message, photo, send_at, local_send_at, time_zone,
                        channels, search_text, created_at, dispatched_at)
                    VALUES (\(bind: wishID), \(bind: annID), 'scheduled', 'birthday', 'Happy birthday', 'Cake!', 'stock:birthday-1',
                        \(bind: sendAt), '2027-01-15T09:00', 'Europe/Berlin', 'email,in-app', 'happy birthday cake',
                        \(bind: testNow.timeIntervalSince1970), NULL)
                    """
                ).run()
                try await sql.raw("INSERT INTO wish_recipients (wish_id, position, address) VALUES (\(bind: wishID), 0, 'bob@example.com')")
                    .run()
                try await sql.raw(
                    """
                    INSERT INTO wish_deliveries (id, wish_id, channel, recipient, state, due_at, attempts)
                    VALUES (\(bind: deliveryID), \(bind: wishID), 'email', 'bob@example.com', 'pending', \(bind: sendAt), 0)
                    """
                ).run()
                try await sql.raw(
                    """
                    INSERT INTO wish_inbox (id, recipient_id, delivery_id, wish_id, sender_name, sender_email, occasion, subject, message,
                        received_at, read_at, search_text)
                    VALUES (\(bind: UUID()), \(bind: bobID), \(bind: UUID()), \(bind: UUID()), 'Ann', 'ann@example.com', 'thank-you',
                        'Thanks', 'For the run', \(bind: receivedAt), NULL, 'thanks for the run ann')
                    """
                ).run()
                try await sql.raw(
                    """
                    INSERT INTO wish_search_histories (user_id, box, phrases)
                    VALUES (\(bind: annID), 'scheduled', '["cake","Happy birthday"]')
                    """
                ).run()
                try await sql.raw(
                    """
                    INSERT INTO mail_recipients (address, opt_out_token, opted_out_at, created_at)
                    VALUES ('bob@example.com', 'token-1', \(bind: receivedAt), \(bind: receivedAt))
                    """
                ).run()

                try await AddTypedWishColumns().prepare(on: db)
                try await AddRecipientReach().prepare(on: db)

                let anns = WishBoxes(database: db, userID: annID)
                let wish = try #require(try await anns.listing(wishID))
                #expect(wish.box == .scheduled && wish.channels == [.email, .inApp] && wish.people == ["bob@example.com"])
                #expect(wish.at == Date(timeIntervalSince1970: sendAt) && wish.timeZone == "Europe/Berlin")
                #expect(wish.deliveries.map(\.dueAt) == [Date(timeIntervalSince1970: sendAt)])
                #expect(try await anns.searchHistory(.scheduled).phrases == ["cake", "Happy birthday"])
                let inbox = try await WishBoxes(database: db, userID: bobID).page(.inbox).items
                #expect(inbox.map(\.occasion) == [.thankYou])
                #expect(abs(try #require(inbox.first).at.timeIntervalSince1970 - receivedAt) < 0.000_01)
                #expect(try await MailRecipients(database: db).hasOptedOut("bob@example.com"))

                // And back: the old shape holds the same values.
                try await AddRecipientReach().revert(on: db)
                try await AddTypedWishColumns().revert(on: db)
                let row = try #require(
                    try await sql.select().columns("channels", "send_at").from(WishRecord.schema).where("id", .equal, wishID).first())
                #expect(try row.decode(column: "channels", as: String.self) == "email,in-app")
                #expect(try row.decode(column: "send_at", as: Double.self) == sendAt)
                let history = try #require(try await sql.select().column("phrases").from("wish_search_histories").first())
                #expect(try history.decode(column: "phrases", as: String.self) == #"["cake","Happy birthday"]"#)
                try await AddTypedWishColumns().prepare(on: db)
                try await AddRecipientReach().prepare(on: db)
            }
        }
    }
}
