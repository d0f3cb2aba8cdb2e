import Foundation
import KineticCore
import Testing

@Suite struct ReportFindTests {
    func found(_ words: String, in text: String) throws -> [String] {
        let find = try #require(ReportFind(words))
        return find.matches(in: text).map { String(text[$0]) }
    }

    @Test func germanWords_areFoundAsAKeyboardWithoutUmlautsWritesThem() throws {
        let text = "Die Größe der Straße und die Fußnoten in München."
        #expect(try found("strasse", in: text) == ["Straße"])
        #expect(try found("Groesse", in: text) == ["Größe"])
        #expect(try found("grosse", in: text) == ["Größe"])
        #expect(try found("fussnoten muenchen", in: text) == ["Fußnoten", "München"])
        #expect(try found("STRASSE", in: "Strasse, straße, STRAẞE") == ["Strasse", "straße", "STRAẞE"])
    }

    @Test func frenchAndDanishWords_foldTheirAccentsAndLetters() throws {
        #expect(try found("eleve", in: "L'élève et les élèves relèvent.") == ["élève", "élèves"])
        #expect(try found("aeroeskoebing", in: "Færgen til Ærøskøbing") == ["Ærøskøbing"])
        #expect(try found("aarhus", in: "Byen Århus") == ["Århus"])
    }

    @Test func aTerm_beginsAWord_andItsLastWordMayBeginALongerOne() throws {
        #expect(try found("plot", in: "gnuplot plots a plot") == ["plots", "plot"])
        #expect(try found("note", in: "Fußnote footnote") == [])
    }

    @Test func aQuotedPhrase_isFoundWhole_acrossLines_withSpellingsFolded() throws {
        let text = "He was perfectly\noblivious; perfectly happy. Die große\nStraße."
        #expect(try found("\"perfectly oblivious\"", in: text) == ["perfectly\noblivious"])
        #expect(try found("„grosse strasse“", in: text) == ["große\nStraße"])
        #expect(try found("“perfectly happy” oblivious", in: text) == ["oblivious", "perfectly happy"])
    }

    @Test func nothingToFind_isNil_andTermsAreKeptOnceAndBounded() throws {
        #expect(ReportFind("  ,;  \"\" ") == nil)
        let find = try #require(ReportFind("Straße strasse STRASSE \"a b\""))
        #expect(find.terms == [["a", "b"], ["strasse"]])
        let many = (1...40).map { "word\($0)" }.joined(separator: " ")
        #expect(ReportFind(many)?.terms.count == ReportFind.termLimit)
    }

    @Test func hits_showTheirWordsAround_cutAtWords() throws {
        let find = try #require(ReportFind("oblivious"))
        let text = "It was a long evening and\nhe sat there, quite perfectly oblivious to the noise around him as the party went on and on."
        let hits = find.hits(onPage: 7, text: text)
        #expect(hits.count == 1)
        #expect(hits[0].page == 7)
        #expect(hits[0].match == "oblivious")
        #expect(hits[0].before == "…and he sat there, quite perfectly ")
        #expect(hits[0].after == " to the noise around him as the party…")
        #expect(find.hits(onPage: 1, text: "oblivious.") == [.init(page: 1, before: "", match: "oblivious", after: ".")])
    }

    /// pdf.js gives a TeX font's accent as a character of its own, before its letter and often
    /// ending a text item ("Gr ̈" then "oße"): the reader still marks the word, over both items,
    /// as the server (reading pdftotext's "Größe") counts it.
    @Test func theReadersScript_marksAWordWhoseAccentPdfjsGivesApart() throws {
        struct Case: Codable {
            let strings: [String]
            /// Whether each item ends its line.
            let eols: [Bool]
            let words: String
        }
        let cases = [
            Case(strings: ["ussel entsprechender Gr \u{308}", "oße für die"], eols: [false, true], words: "groesse"),
            Case(strings: ["Gr", "\u{A8}", "oße und Stra", "ße"], eols: [false, false, false, true], words: "größe strasse"),
            Case(strings: ["Die große", "Straße heißt"], eols: [true, true], words: "\"grosse strasse\" heisst"),
            Case(strings: ["foam pits", "Foam"], eols: [true, false], words: "foam"),
            Case(strings: ["run `make` and ", "install"], eols: [false, true], words: "make install"),
        ]
        let marked = try NodeModule.run(
            "Public/js/reports/find.js",
            script: """
                const { findTerms, pageMatches } = await import(process.argv[1]);
                let input = "";
                for await (const chunk of process.stdin) input += chunk;
                process.stdout.write(JSON.stringify(JSON.parse(input).map((c) => pageMatches(c.strings, findTerms(c.words), c.eols))));
                """, input: cases, as: [[[[Int]]]].self)
        #expect(marked[0] == [[[0, 21, 23], [1, 0, 3]]])
        #expect(
            marked[1] == [[[0, 0, 2], [2, 0, 3]], [[2, 8, 12], [3, 0, 2]]], "an accent joins its letters, a change of font splits none")
        #expect(marked[2] == [[[0, 4, 9], [1, 0, 6]], [[1, 7, 12]]])
        #expect(marked[3] == [[[0, 0, 4]], [[1, 0, 4]]])
        #expect(marked[4] == [[[0, 5, 9]], [[1, 0, 7]]], "a backtick is code, not an accent")
    }

    @Test func aListing_keepsTheFirstHits_andCountsTheRest() throws {
        let find = try #require(ReportFind("the"))
        let pages = (1...50).map { ($0, String(repeating: "the cat and the dog. ", count: 20)) }
        let listing = find.listing(pages, limit: 25)
        #expect(listing.count == 50 * 40)
        #expect(listing.hits.count == 25 && listing.hits.allSatisfy { $0.page == 1 })
        #expect(find.listing(pages, limit: 45).hits.last?.page == 2)
        #expect(find.listing([], limit: 10).count == 0)
        // Read on in batches: the next ones, where the first batch ended.
        let next = find.listing(pages, limit: 30, skipping: 25)
        #expect(next.count == 50 * 40 && next.hits.count == 30)
        #expect(next.hits.first?.page == 1 && next.hits.last?.page == 2)
        #expect(find.listing(pages, limit: 10, skipping: 1_995).hits.count == 5)
        #expect(find.listing(pages, limit: 10, skipping: 5_000).hits.isEmpty)
    }

    /// find.js marks on a drawn page what ReportFind lists on the server.
    @Test func theReadersScript_findsWhatTheServerFinds() throws {
        struct Case: Codable {
            let words: String
            let text: String
        }
        let texts = [
            "Die Größe der Straße und die Fußnoten in München. STRAẞE, Strasse!",
            "L'élève et les élèves relèvent le défi; Ærøskøbing, Århus, Œuvre, Łódź.",
            "He was perfectly\noblivious; perfectly happy. Die große\nStraße. gnuplot plots 3D-plots",
            "Ｆｕｌｌ width and ligatures: ﬁnal, ﬁnally. Tromsø 2026: 12,5 % größer.",
        ]
        let finds = [
            "strasse", "Groesse fussnoten", "\"perfectly oblivious\"", "„grosse strasse“", "eleve", "aeroeskoebing", "aarhus oeuvre",
            "lodz", "plot 3d", "full", "final", "tromso groesser", "12 5", "\"die grosse\" straße",
        ]
        let cases = finds.flatMap { words in texts.map { Case(words: words, text: $0) } }
        let fromJavaScript = try NodeModule.run(
            "Public/js/reports/find.js",
            script: """
                const { findTerms, matchRanges } = await import(process.argv[1]);
                let input = "";
                for await (const chunk of process.stdin) input += chunk;
                const out = JSON.parse(input).map((c) => matchRanges(c.text, findTerms(c.words)));
                process.stdout.write(JSON.stringify(out));
                """, input: cases, as: [[[Int]]].self)
        var matched = 0
        for (test, javaScript) in zip(cases, fromJavaScript) {
            let swift = try #require(ReportFind(test.words)).matches(in: test.text).map { range in
                [range.lowerBound.utf16Offset(in: test.text), range.upperBound.utf16Offset(in: test.text)]
            }
            #expect(swift == javaScript, "\(test.words) in \(test.text)")
            matched += swift.count
        }
        #expect(matched > 20, "the cases find something (\(matched))")
    }
}
