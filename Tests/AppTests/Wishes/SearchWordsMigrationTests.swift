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

/// A search finds what people type, through the database's own `LIKE` (SQLite here, PostgreSQL
/// in CI): transcribed letters, and one typo in a longer word.
@Suite struct WishSearchSpellingDatabaseTests {
    @Test func transcriptionsAndOneTypo_findTheWish_andRefoldingFindsOlderOnes() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp()
            let munich = try await app.scheduleWish(
                from: ann, to: ["joerg@example.com"], reach: .inApp, subject: "Grüße aus München", message: "Für Jörg, zum Geburtstag")
            let nordic = try await app.scheduleWish(
                from: ann, to: ["soren@example.com"], reach: .inApp, subject: "Hilsen fra Ærøskøbing", message: "Kære Søren")
            let anns = WishBoxes(database: app.db, userID: try #require(UUID(uuidString: ann.customerId)))
            let found = { (phrase: String) in
                try await anns.page(.scheduled, filter: WishListFilter(phrase: phrase)).items.map(\.id)
            }
            for phrase in ["muenchen", "MUNCHEN", "joerg geburtstag", "gruesse", "aeroskobing", "soeren", "Geburtstg", "Muenchn"] {
                let expected = phrase.lowercased().contains("aero") || phrase == "soeren" ? [nordic.id] : [munich.id]
                #expect(try await found(phrase) == expected, "\(phrase)")
            }
            #expect(try await found("Gebrtstg").isEmpty, "two typos")
            // Exact words rank before one found with a typo.
            let birthday = try await app.scheduleWish(
                from: ann, to: ["carla@example.com"], reach: .inApp, subject: "Geburtstag", message: "Alles Gute")
            #expect(try await found("geburtstag") == [birthday.id, munich.id])

            // Search texts written before plain spellings are written again by the migration.
            try await app.db.sql().update(WishRecord.schema).set("search_text", to: " s:grusse s:aus s:munchen m:fur m:joerg ")
                .where("id", .equal, munich.id).run()
            #expect(try await found("jörg").isEmpty, "four letters: no typo forgiven")
            try await RefoldSearchWords().prepare(on: app.db)
            #expect(try await found("jörg") == [munich.id])
        }
    }
}
