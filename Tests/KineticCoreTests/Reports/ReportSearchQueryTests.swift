import KineticCore
import Testing

@Suite struct ReportSearchQueryTests {
    @Test func words_areAllRequiredAndQuotedForFTS5() throws {
        let query = try #require(ReportSearchQuery("Sales  EMEA"))
        #expect(query.required == [[["sales"]], [["emea"]]])
        #expect(query.fts5Expression == #""sales" AND "emea""#)
        #expect(query.websearchText == "sales emea")
    }

    @Test func operatorsAndColumnFilters_becomeQuotedWords() throws {
        let query = try #require(ReportSearchQuery(#"title:secret NEAR(a b) * ^x AND"#))
        #expect(query.fts5Expression == #""title secret" AND "near a" AND "b" AND "x" AND "and""#)
    }

    @Test func phrasesAlternativesAndExclusions_readLikeWebsearch() throws {
        let query = try #require(ReportSearchQuery(#""quarterly review" pipeline or funnel -draft"#))
        #expect(query.required == [[["quarterly", "review"]], [["pipeline"], ["funnel"]]])
        #expect(query.excluded == [["draft"]])
        #expect(query.fts5Expression == #""quarterly review" AND ("pipeline" OR "funnel") NOT "draft""#)
        #expect(query.websearchText == #""quarterly review" pipeline or funnel -draft"#)
    }

    @Test func unclosedQuote_endsAtTheEnd() throws {
        let query = try #require(ReportSearchQuery(#"say "hello world"#))
        #expect(query.required == [[["say"]], [["hello", "world"]]])
    }

    @Test func nothingToLookFor_isNil() {
        #expect(ReportSearchQuery("   ") == nil)
        #expect(ReportSearchQuery("-draft") == nil)
        #expect(ReportSearchQuery("!!! ---") == nil)
    }

    @Test func aLoneOr_isAWord_andATrailingOneIsDropped() throws {
        #expect(try #require(ReportSearchQuery("or")).required == [[["or"]]])
        #expect(try #require(ReportSearchQuery("sales or")).websearchText == "sales")
    }

    @Test func lettersOfAnyScript_andTheWordLimit() throws {
        let query = try #require(ReportSearchQuery("Überblick 2025 日本"))
        #expect(query.required == [[["überblick"]], [["2025"]], [["日本"]]])
        let long = try #require(ReportSearchQuery((1...40).map { "w\($0)" }.joined(separator: " ")))
        #expect(long.required.count == ReportSearchQuery.wordLimit)
    }
}
