import Fluent
import Foundation
import KineticCore
import SQLKit
import Testing
import VaporTesting

@testable import App

/// The search index on its own: a long report is found by a word on its last pages, each
/// report's pages stay its own through re-imports and removals, and the migration that numbers
/// the pages by report keeps what an older index found.
@Suite struct ReportSearchIndexTests {
    /// A report of `pages` pages of about 1,600 characters, `extra` added to the pages named.
    static func entry(_ id: String, pages: Int, extra: [Int: String] = [:]) -> ReportSearchIndex.Entry {
        let body = (1...pages).map { page in
            "Page \(page) of \(id). " + String(repeating: "trampoline safety netting ", count: 60) + (extra[page] ?? "")
        }.joined(separator: "\u{0C}")
        return ReportSearchIndex.Entry(reportID: id, title: "Report \(id)", keywords: [], body: .string(body + "\u{0C}"))
    }

    static func search(_ text: String, on sql: any SQLDatabase) async throws -> [ReportSearchIndex.Hit] {
        try await ReportSearchIndex.search(try #require(ReportSearchQuery(text)), limit: 50, on: sql).hits
    }

    @Test func aWordOnlyOnTheLastPagesOfALongReport_findsIt_andNamesThePage() async throws {
        try await withKinetic { app in
            let sql = try app.db.sql()
            // 150 pages, about 240,000 characters: the word is past the first 200,000.
            try await ReportSearchIndex.put(Self.entry("long", pages: 150, extra: [140: "zyzzogeton larvae"]), on: sql)
            try await ReportSearchIndex.refreshWords(on: sql)
            let hits = try await Self.search("zyzzogeton", on: sql)
            #expect(hits.map(\.reportID) == ["long"])
            #expect(hits.first?.pages == [140])
            #expect(hits.first?.snippetPage == 140)
            #expect(hits.first?.snippet.contains("\(ReportSearchIndex.hitStart)zyzzogeton\(ReportSearchIndex.hitEnd)") == true)
            // The spelling list knows it too.
            #expect(
                try await ReportSearchIndex.search(try #require(ReportSearchQuery("zyzzogetn")), limit: 50, on: sql).corrections
                    == ["zyzzogetn": ["zyzzogeton"]])
        }
    }

    @Test func wordsAreFoundHoweverAKeyboardWritesThem_inGermanFrenchAndDanish() async throws {
        try await withKinetic { app in
            let sql = try app.db.sql()
            let reports: [(String, String)] = [
                ("de", "Die Straße der Fußnoten. Schriftgröße und Anführungszeichen im Überblick."),
                ("fr", "L’élève connaît la forêt près du château."),
                ("da", "Søren bor på Ærø ved Åbenrå."),
                ("en", "Blue poets queue for the aeroplane."),
            ]
            for (id, text) in reports {
                try await ReportSearchIndex.put(
                    .init(reportID: id, title: "Report \(id)", keywords: [], body: .string(text + "\u{0C}")), on: sql)
            }
            try await ReportSearchIndex.refreshWords(on: sql)
            let typed: [(String, [String])] = [
                // ß as ss, umlauts without their dots or as two letters, in any case.
                ("Strasse", ["de"]), ("fussnoten", ["de"]), ("SCHRIFTGROESSE", ["de"]), ("schriftgrosse", ["de"]),
                ("Anfuehrungszeichen", ["de"]), ("anfuhrungszeichen", ["de"]), ("uberblick", ["de"]), ("Straße", ["de"]),
                // French accents left out.
                ("eleve", ["fr"]), ("connait", ["fr"]), ("foret", ["fr"]), ("chateau", ["fr"]),
                // Danish ø, æ and å as a keyboard without them writes them.
                ("soren", ["da"]), ("soeren", ["da"]), ("aeroe", ["da"]), ("aero", ["da", "en"]), ("aabenraa", ["da"]), ("abenra", ["da"]),
                // English words with those pairs are still found as written.
                ("blue", ["en"]), ("aeroplane", ["en"]),
            ]
            for (query, expected) in typed {
                let found = try await ReportSearchIndex.search(try #require(ReportSearchQuery(query)), limit: 50, on: sql)
                #expect(found.hits.map(\.reportID).sorted() == expected, "\(query) on \(sql.dialect.name)")
                #expect(found.corrections.isEmpty, "\(query) is another spelling, not a typo")
            }
            let strasse = try await ReportSearchIndex.search(try #require(ReportSearchQuery("strasse")), limit: 50, on: sql)
            #expect(strasse.spellings["strasse"] == ["straße"])
            #expect(strasse.hits.first?.snippet.contains("\(ReportSearchIndex.hitStart)Straße\(ReportSearchIndex.hitEnd)") == true)
        }
    }

    @Test func aPrefix_findsThePagesOfEveryWordItStarts_evenOfWordsTheRankedTextLacks() async throws {
        // A report of very many different words, on pages after 200,000 characters of filler:
        // its ranked text keeps as many of them as fit in its bytes, its pages keep them all.
        let filler = Array(
            repeating: String(repeating: "trampoline safety netting ", count: 60), count: ReportRankedText.fullLimit / 1_560 + 1)
        func body(_ words: [String], breakBefore: Int? = nil) -> String {
            var pages = filler
            var page: [String] = []
            for (index, word) in words.enumerated() {
                if page.count == 1_000 || index == breakBefore {
                    pages.append(page.joined(separator: " "))
                    page = []
                }
                page.append(word)
            }
            return (pages + [page.joined(separator: " ")]).joined(separator: "\u{0C}") + "\u{0C}"
        }
        var words = (0..<40_000).map { "zq" + String(format: "%06d", $0) }
        let ranked = ReportRankedText.of(body(words))
        let kept = try #require(ranked.split(separator: ReportRankedText.tailMark).last).split(whereSeparator: \.isWhitespace).count
        try #require(kept > 1 && kept < words.count)
        // The last word kept and the first left out start alike, on pages of their own.
        words[kept - 1] = "zqzzzzza"
        words[kept] = "zqzzzzzb"
        let text = body(words, breakBefore: kept)
        #expect(ReportRankedText.of(text).contains("zqzzzzza"))
        #expect(!ReportRankedText.of(text).contains("zqzzzzzb"))
        let pagesOfBoth = ReportPageText.pages(of: text).filter { $0.text.contains("zqzzzzz") }.map(\.number)
        try #require(pagesOfBoth.count == 2)

        try await withKinetic { app in
            let sql = try app.db.sql()
            try await ReportSearchIndex.put(.init(reportID: "many", title: "Many words", keywords: [], body: .string(text)), on: sql)
            try await ReportSearchIndex.refreshWords(on: sql)
            if sql.dialect.name == "sqlite" {
                let prefixWords = try await ReportSearchIndex.prefixWords(for: try #require(ReportSearchQuery("zqzzzzz zq00")), on: sql)
                // A prefix of more words than that is left to FTS5.
                #expect(prefixWords == ["zqzzzzz": ["zqzzzzza", "zqzzzzzb"]])
            }
            let hits = try await Self.search("zqzzzzz", on: sql)
            #expect(hits.map(\.reportID) == ["many"])
            #expect(hits.first?.pages == pagesOfBoth)
            // Pages of a thousand words: zq000000 to zq009999 are on the ten after the filler.
            #expect(try await Self.search("zq00", on: sql).first?.pages == Array((filler.count + 1)...(filler.count + 10)))
        }
    }

    @Test func aPhraseOnlyOnTheLastPagesOfALongReport_findsIt_afterTheRankedReports() async throws {
        try await withKinetic { app in
            let sql = try app.db.sql()
            // Past the first 200,000 characters the ranked text keeps only the words not seen
            // before: these were, apart, on pages 2 and 3, so the phrase on page 140 is not in it.
            let apart = [2: "quokka", 3: "harness"]
            let long = Self.entry("long", pages: 150, extra: apart.merging([140: "the quokka harness was tested"]) { $1 })
            #expect(!ReportRankedText.of(long.body.text).contains("quokka harness"))
            try await ReportSearchIndex.put(long, on: sql)
            try await ReportSearchIndex.put(Self.entry("short", pages: 2, extra: [2: "a quokka harness"]), on: sql)
            // Both words late too, never side by side: no phrase.
            try await ReportSearchIndex.put(
                Self.entry("apart", pages: 150, extra: apart.merging([141: "harness of a quokka"]) { $1 }), on: sql)
            // The phrase late, and a word excluded below early on.
            try await ReportSearchIndex.put(
                Self.entry("excluded", pages: 150, extra: apart.merging([3: "harness wallaby", 145: "quokka harness"]) { $1 }), on: sql)
            try await ReportSearchIndex.refreshWords(on: sql)

            let hits = try await Self.search(#""quokka harness""#, on: sql)
            // One matching page each: by report.
            #expect(hits.map(\.reportID) == ["short", "excluded", "long"])
            let found = try #require(hits.last)
            #expect(found.pages == [140])
            #expect(found.snippetPage == 140)
            #expect(found.snippet.contains(ReportSearchIndex.hitStart + "quokka"), "\(found.snippet)")
            #expect(try await Self.search(#""quokka harness" -wallaby"#, on: sql).map(\.reportID) == ["short", "long"])
            #expect(try await Self.search(#""quokka harness" tested"#, on: sql).map(\.reportID) == ["long"])
            #expect(try await Self.search(#""harness quokka""#, on: sql).isEmpty)
        }
    }

    @Test func eachReportsPages_stayItsOwn_throughAReimportAndARemoval() async throws {
        try await withKinetic { app in
            let sql = try app.db.sql()
            try await ReportSearchIndex.put(Self.entry("a", pages: 5, extra: [2: "harness", 4: "harness"]), on: sql)
            try await ReportSearchIndex.put(Self.entry("b", pages: 3, extra: [1: "harness", 3: "foam"]), on: sql)
            try await ReportSearchIndex.put(Self.entry("c", pages: 2, extra: [2: "harness"]), on: sql)
            func pages(_ word: String) async throws -> [String: [Int]] {
                Dictionary(uniqueKeysWithValues: try await Self.search(word, on: sql).map { ($0.reportID, $0.pages) })
            }
            #expect(try await pages("harness") == ["a": [2, 4], "b": [1], "c": [2]])
            #expect(try await pages("netting").mapValues(\.count) == ["a": 5, "b": 3, "c": 2])

            // Imported again, longer: its pages take new rows, the old ones are gone.
            try await ReportSearchIndex.put(Self.entry("a", pages: 7, extra: [6: "harness foam"]), on: sql)
            #expect(try await pages("harness") == ["a": [6], "b": [1], "c": [2]])
            #expect(try await pages("foam") == ["a": [6], "b": [3]])
            #expect(try await pages("netting").mapValues(\.count) == ["a": 7, "b": 3, "c": 2])

            try await ReportSearchIndex.remove(["b"], on: sql)
            #expect(try await pages("harness") == ["a": [6], "c": [2]])
            #expect(try await pages("foam") == ["a": [6]])
        }
    }

    @Test func theMigration_numbersPagesByReport_andIndexesTheRestOfALongReport() async throws {
        try await withKinetic { app in
            // A write transaction, as the migration runs in: this one reads between its writes, and
            // one that read first cannot wait for another writer on SQLite (the job workers).
            try await app.db.writeTransaction { db in
                let sql = try db.sql()
                let long = Self.entry("long", pages: 150, extra: [3: "harness", 140: "zyzzogeton"])
                let short = Self.entry("short", pages: 4, extra: [2: "harness"])
                try await ReportSearchIndex.put(long, on: sql)
                try await ReportSearchIndex.put(short, on: sql)
                // The index as it was before: the text cut at 200,000 characters, and (SQLite)
                // the pages of both reports in rows of no order.
                try await NumberReportPages().revert(on: db)
                try await sql.raw(
                    "UPDATE report_search SET body = \(bind: String(long.body.text.prefix(ReportRankedText.fullLimit))) WHERE report_id = 'long'"
                ).run()
                if sql.dialect.name == "sqlite" {
                    try await sql.raw("DELETE FROM report_pages").run()
                    let pages =
                        ReportPageText.pages(of: long.body.text).map { ("long", $0) }
                        + ReportPageText.pages(of: short.body.text).map { ("short", $0) }
                    for (report, page) in pages.shuffled() {
                        try await sql.raw(
                            "INSERT INTO report_pages (report_id, page, contents, body) VALUES (\(bind: report), \(bind: page.number), 0, \(bind: page.text))"
                        ).run()
                    }
                }
                try await ReportSearchIndex.refreshWords(on: sql)
                #expect(try await Self.search("zyzzogeton", on: sql).isEmpty)

                try await NumberReportPages().prepare(on: db)
                let late = try await Self.search("zyzzogeton", on: sql)
                #expect(late.map(\.reportID) == ["long"])
                #expect(late.first?.pages == [140])
                let harness = try await Self.search("harness", on: sql)
                #expect(Dictionary(uniqueKeysWithValues: harness.map { ($0.reportID, $0.pages) }) == ["long": [3], "short": [2]])
                #expect(try await Self.search("netting", on: sql).map(\.pageCount).sorted() == [4, 150])
            }
        }
    }
}

extension ReportText {
    /// The text of ``string(_:)``.
    fileprivate var text: String {
        if case .string(let text) = self { text } else { "" }
    }
}
