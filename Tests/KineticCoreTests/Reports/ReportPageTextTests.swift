import KineticCore
import Testing

@Suite struct ReportPageTextTests {
    @Test func formFeeds_separatePages_andBlankPagesKeepTheirNumbers() {
        let pages = ReportPageText.pages(of: "One\n\u{0C}\n \u{0C}Three\u{0C}")
        #expect(pages.map(\.number) == [1, 3])
        #expect(pages.map(\.text) == ["One", "Three"])
    }

    @Test func aTextWithoutFormFeeds_hasNoPagesKnown() {
        #expect(ReportPageText.pages(of: "All of it").isEmpty)
        #expect(ReportPageText.pages(of: "").isEmpty)
        #expect(ReportPageText.pages(of: "One page\u{0C}").map(\.number) == [1])
    }

    @Test func dotLeaders_areTakenOut_andMakeAContentsPage() {
        let contents = "1 Ragged arrays . . . . . . . . 17\n2 Ordered factors ........ 18\n3 Tables ··········· 19\n"
        let page = ReportPageText.pages(of: contents + "\u{0C}")[0]
        #expect(page.text == "1 Ragged arrays 17\n2 Ordered factors 18\n3 Tables 19")
        #expect(page.isContents)
    }

    @Test func ordinaryDots_stay() {
        let text = "See e.g. section 1.2.3... Then wait. . . then go."
        let (kept, leaders) = ReportPageText.withoutLeaders(text[...])
        #expect(kept == text)
        #expect(leaders == 0)
        #expect(!ReportPageText.pages(of: "Intro . . . . 3\nMore text.\u{0C}")[0].isContents)
    }

    @Test func aLongPage_isCut() {
        let page = ReportPageText.pages(of: String(repeating: "word ", count: 10_000) + "\u{0C}")[0]
        #expect(page.text.count == ReportPageText.pageLimit)
    }
}
