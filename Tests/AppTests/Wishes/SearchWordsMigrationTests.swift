import Fluent
import Foundation
import KineticCore
import SQLKit
import Testing
import VaporTesting

@testable import App

/// The migration to field-tagged search words rewrites what is stored, so wishes written before
/// are found by every word, and reverting writes the folded phrase back.
@Suite struct SearchWordsMigrationTests {
    @Test func storedTexts_becomeTaggedWords_andBack() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp()
            let wish = try await app.scheduleWish(
                from: ann, to: ["carla@example.com"], reach: .inApp, subject: "Happy birthday, Carla", message: "Alles Gute")
            try await app.db.withConnection { db in
                try await AddSearchWords().revert(on: db)
                let folded = try await db.sql().select().column("search_text").from(WishRecord.schema).where("id", .equal, wish.id)
                    .first()?.decode(column: "search_text", as: String.self)
                #expect(folded == "happy birthday, carla alles gute carla@example.com")

                try await AddSearchWords().prepare(on: db)
                let anns = WishBoxes(database: db, userID: try #require(UUID(uuidString: ann.customerId)))
                let found = try await anns.page(.scheduled, filter: WishListFilter(phrase: "carla gute")).items
                #expect(found.map(\.id) == [wish.id])
                #expect(found.first?.searchText == " s:happy s:birthday s:carla p:carla p:example p:com m:alles m:gute ")
            }
        }
    }
}
