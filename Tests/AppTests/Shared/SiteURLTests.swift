import Testing

@testable import App

@Suite struct SiteURLTests {
    @Test func queries_arePercentEncoded_andEmptyValuesLeftOut() {
        #expect(SiteURL.goals(month: "2021-05", category: "calories") == "/goals?month=2021-05&category=calories")
        #expect(SiteURL.goals(month: nil) == "/goals")
        #expect(SiteURL.steps(month: "2021-05&x=<1>") == "/steps?month=2021-05%26x%3D%3C1%3E")
        #expect(SiteURL.settings.with([("saved", "language"), ("note", "a b/ü")]) == "/settings?saved=language&note=a%20b%2F%C3%BC")
        #expect(SiteURL.query([("a", nil)]) == "")
    }
}
