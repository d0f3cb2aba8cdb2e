import KineticCore
import Testing

@Suite struct ReportSpellingTests {
    @Test func variants_holdEveryOneEditWord() {
        let variants = ReportSpelling.variants(of: "gnuplt")
        #expect(variants.contains("gnuplot")) // a letter left out
        #expect(variants.contains("gnuplt".replacingOccurrences(of: "l", with: ""))) // one too many
        #expect(variants.contains("gnupkt")) // one changed
        #expect(variants.contains("gnulpt")) // two swapped
        #expect(!variants.contains("gnuplt"))
        #expect(!variants.contains("gnuplots")) // two edits
    }

    @Test func variants_coverGermanLettersAndTheWordsOwn() {
        #expect(ReportSpelling.variants(of: "uber").contains("über"))
        #expect(ReportSpelling.variants(of: "grose").contains("große"))
        #expect(ReportSpelling.variants(of: "日本語").contains("日本"))
    }

    @Test func onlyWordsWithLettersOfFourOrMore_areCorrected() {
        #expect(ReportSpelling.isCorrectable("splot"))
        #expect(!ReportSpelling.isCorrectable("fit"))
        #expect(!ReportSpelling.isCorrectable("2025"))
    }
}
