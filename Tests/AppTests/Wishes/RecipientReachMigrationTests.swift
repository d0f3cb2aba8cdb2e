import Fluent
import Foundation
import KineticCore
import SQLKit
import Testing
import VaporTesting

@testable import App

/// The migration to a reach per recipient keeps what each wish meant: e-mail and in-app
/// together are both copies for everyone, one of them is that one, Connections is the post; and
/// reverting gives the list of channels back.
@Suite struct RecipientReachMigrationTests {
    @Test func wishesWithAListOfChannels_becomeAReachPerRecipient_andBack() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let both = try await app.scheduleWish(from: ann, to: ["bob@example.com", "kim@example.com"], reach: .emailAndInApp)
            let posted = try await app.scheduleWish(from: ann, to: ["bob@example.com"], reach: .email, connections: true)
            let onlyPosted = try await app.scheduleWish(from: ann, to: ["bob@example.com"], reach: .inApp, connections: true)
            // One connection for the schema changes and what reads them: SQLite checks a new
            // column against a connection's cached schema, which another connection's change
            // leaves stale.
            try await app.db.withConnection { db in
                try await AddRecipientReach().revert(on: db)

                // As the tables held them before: a list of channels per wish.
                let sql = try db.sql()
                let channels = try await sql.select().columns("wish_id", "channel").from(WishChannelRecord.schema).all().map {
                    "\(try $0.decode(column: "wish_id", as: UUID.self)) \(try $0.decode(column: "channel", as: String.self))"
                }
                #expect(
                    Set(channels) == [
                        "\(both.id) email", "\(both.id) in-app", "\(posted.id) email", "\(posted.id) connections",
                        "\(onlyPosted.id) in-app",
                        "\(onlyPosted.id) connections",
                    ])
                // A wish from before that went only to Connections.
                try await sql.delete(from: WishChannelRecord.schema).where("wish_id", .equal, onlyPosted.id).where(
                    "channel", .equal, "in-app"
                )
                .run()

                try await AddRecipientReach().prepare(on: db)
                let anns = WishBoxes(database: db, userID: try #require(UUID(uuidString: ann.customerId)))
                let first = try #require(try await anns.listing(both.id))
                #expect(first.recipients.map(\.reach) == [.emailAndInApp, .emailAndInApp] && !first.postsToConnections)
                let second = try #require(try await anns.listing(posted.id))
                #expect(second.recipients.map(\.reach) == [.email] && second.postsToConnections)
                let third = try #require(try await anns.listing(onlyPosted.id))
                #expect(third.recipients.map(\.reach) == [.inApp] && third.postsToConnections, "the old default, marked in-app")
                #expect(try await WishesRepository(database: db).deliveries(of: both.id).count == 4, "deliveries are left as they were")
            }
        }
    }
}
