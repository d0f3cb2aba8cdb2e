import KineticCore
import Testing

@Suite struct ReportSearchQueryTests {
    @Test func words_areAllRequiredAndQuotedForFTS5() throws {
        let query = try #require(ReportSearchQuery("Sales  EMEA"))
        #expect(query.required == [[["sales"]], [["emea"]]])
        #expect(query.fts5Expression() == #""sales"* AND "emea"*"#)
        #expect(query.tsquery() == "'sales':* & 'emea':*")
    }

    @Test func operatorsAndColumnFilters_becomeQuotedWords() throws {
        let query = try #require(ReportSearchQuery(#"title:secret NEAR(a b) * ^x AND"#))
        #expect(query.fts5Expression() == #""title secret" AND "near a" AND "b" AND "x" AND "and"*"#)
        #expect(query.tsquery() == "('title' <-> 'secret') & ('near' <-> 'a') & 'b' & 'x' & 'and':*")
    }

    @Test func phrasesAlternativesAndExclusions_readLikeWebsearch() throws {
        let query = try #require(ReportSearchQuery(#""quarterly review" pipeline or funnel -draft"#))
        #expect(query.required == [[["quarterly", "review"]], [["pipeline"], ["funnel"]]])
        #expect(query.excluded == [["draft"]])
        #expect(query.fts5Expression() == #""quarterly review" AND ("pipeline"* OR "funnel"*) NOT "draft""#)
        #expect(query.tsquery() == "('quarterly' <-> 'review') & ('pipeline':* | 'funnel':*) & !'draft'")
    }

    @Test func phrasesAsWords_keepsTheWordsButNotTheirOrder_andExcludedPhrasesAsPhrases() throws {
        let query = try #require(ReportSearchQuery(#""quarterly review" pipeline or "sales funnel" -"first draft""#))
        #expect(query.hasPhrase)
        #expect(
            query.fts5Expression(phrasesAsWords: true)
                == #"("quarterly" AND "review") AND ("pipeline"* OR ("sales" AND "funnel")) NOT "first draft""#)
        #expect(
            query.tsquery(phrasesAsWords: true)
                == "('quarterly' & 'review') & ('pipeline':* | ('sales' & 'funnel')) & !('first' <-> 'draft')")
        #expect(try #require(ReportSearchQuery("pipeline -\"first draft\"")).hasPhrase == false)
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
        #expect(try #require(ReportSearchQuery("sales or")).required == [[["sales"]]])
    }

    @Test func lettersOfAnyScript_andTheWordLimit() throws {
        let query = try #require(ReportSearchQuery("Überblick 2025 日本"))
        #expect(query.required == [[["überblick"]], [["2025"]], [["日本"]]])
        let long = try #require(ReportSearchQuery((1...40).map { "w\($0)" }.joined(separator: " ")))
        #expect(long.required.count == ReportSearchQuery.wordLimit)
    }

    @Test func shortWordsAndNumbers_matchOnlyAsTyped() throws {
        let query = try #require(ReportSearchQuery("R 2025 fit"))
        #expect(query.fts5Expression() == #""r" AND "2025" AND "fit"*"#)
        #expect(query.tsquery() == "'r' & '2025' & 'fit':*")
    }

    @Test func corrections_areAlternativesOfTheWord() throws {
        let query = try #require(ReportSearchQuery("gnuplt splot -draft"))
        #expect(query.correctableWords == ["gnuplt", "splot"])
        let corrections = ["gnuplt": ["gnuplot"]]
        #expect(query.fts5Expression(corrections: corrections) == #"("gnuplt"* OR "gnuplot") AND "splot"* NOT "draft""#)
        #expect(query.tsquery(corrections: corrections) == "('gnuplt':* | 'gnuplot') & 'splot':* & !'draft'")
    }

    @Test func theWordsOfAPrefix_replaceThePrefix_andLeaveTheRestAsTyped() throws {
        let query = try #require(ReportSearchQuery(#"interpol "spline fit" r or splin interpol -draft"#))
        #expect(query.prefixWords == ["interpol", "splin"])
        let words = ["interpol": ["interpolate", "interpolation"], "splin": [], "draft": ["drafts"], "spline": ["splines"]]
        // A prefix given no words stays a prefix; phrases, short words and exclusions are never expanded.
        #expect(
            query.fts5Expression(wordsOfPrefixes: words)
                == #"("interpolate" OR "interpolation") AND "spline fit" AND ("r" OR "splin"*) AND ("interpolate" OR "interpolation") NOT "draft""#
        )
        #expect(
            query.fts5Expression(phrasesAsWords: true, wordsOfPrefixes: words)
                == #"("interpolate" OR "interpolation") AND ("spline" AND "fit") AND ("r" OR "splin"*) AND ("interpolate" OR "interpolation") NOT "draft""#
        )
        // A correction still joins the words.
        #expect(
            try #require(ReportSearchQuery("gnuplt")).fts5Expression(
                corrections: ["gnuplt": ["gnuplot"]], wordsOfPrefixes: ["gnuplt": ["gnupltx"]])
                == #"("gnupltx" OR "gnuplot")"#)
    }

    @Test func correctableWords_skipPhrasesShortWordsNumbersAndRepeats() throws {
        let query = try #require(ReportSearchQuery(#""regular expression" the 12345 tapply tapply or sapply -lapply"#))
        #expect(query.correctableWords == ["tapply", "sapply"])
        #expect(query.highlightedWords == ["regular", "expression", "the", "12345", "tapply", "sapply"])
    }

    /// A reader opened at a hit finds a phrase whole, and a word with what it was also read as.
    @Test func theReadersFind_keepsPhrasesWhole_andAddsAlternatives() throws {
        let query = try #require(ReportSearchQuery(#""exact test" fisher strasse -draft "exact test" Fisher"#))
        #expect(query.readerFind() == #""exact test" fisher"# + " strasse")
        #expect(
            query.readerFind(alternatives: ["strasse": ["straße"], "fisher": ["fischer"]]) == #""exact test" fisher fischer strasse straße"#
        )
        #expect(try #require(ReportSearchQuery("marshls")).readerFind(alternatives: ["marshls": ["marshals"]]) == "marshls marshals")
    }
}
