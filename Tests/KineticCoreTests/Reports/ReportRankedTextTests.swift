import KineticCore
import Testing

@Suite struct ReportRankedTextTests {
    @Test func aShortText_isKeptWhole_withLineBreaksForPageBreaks() {
        #expect(ReportRankedText.of("One page\u{0C}Two\u{2029}pages\u{0C}") == "One page\nTwo\npages\n")
    }

    @Test func aLongText_keepsItsStart_andAddsEachFurtherWordOnce() {
        let start = String(repeating: "alpha beta ", count: ReportRankedText.fullLimit / 11 + 1)
        let text = start + "\u{0C}Gamma, beta; gamma délta\u{0C}DELTA delta 2027 epsilon-zeta"
        let ranked = ReportRankedText.of(text)
        // The limit falls inside "beta": the kept part ends before it.
        let kept = String(start.prefix(ReportRankedText.fullLimit).dropLast("bet".count))
        #expect(kept.hasSuffix("alpha "))
        #expect(ranked.hasPrefix(kept))
        // Words differing only in case are one word; in their accents, two (as PostgreSQL reads them).
        #expect(ranked.dropFirst(kept.count) == "\n\u{2029}\nGamma délta DELTA 2027 epsilon zeta")
        #expect(ReportRankedText.keptPart(of: ranked) == kept[...])
        #expect(ReportRankedText.keptPart(of: "Short") == "Short")
    }

    /// A book read a batch of pages at a time is ranked as if read whole, wherever the batches
    /// fall against the kept part's limit.
    @Test func aTextReadInParts_isRankedAsTheWholeIs() {
        var generator = SystemRandomNumberGenerator()
        let words = ["alpha", "Beta", "gamma", "délta", "2027", "epsilon-zeta", "Straße", "x"]
        var counter = 0
        for round in 0..<20 {
            // Every other round, words never seen before: the further words reach the byte limit.
            let pages = (0..<Int.random(in: 1...60, using: &generator)).map { _ in
                (0..<Int.random(in: 0...1_500, using: &generator)).map { _ in
                    counter += 1
                    // Long and short ones mixed: a short one may fit where a long one did not.
                    let long = String(repeating: "ö", count: Int.random(in: 0...12, using: &generator))
                    return round.isMultiple(of: 2) ? words.randomElement(using: &generator)! : "w\(long)\(counter)"
                }.joined(separator: " ") + "\u{0C}"
            }
            var builder = ReportRankedText.Builder()
            var index = 0
            while index < pages.count {
                let count = Int.random(in: 1...7, using: &generator)
                builder.add(pages[index..<min(index + count, pages.count)].joined()[...])
                index += count
            }
            #expect(builder.ranked == ReportRankedText.of(pages.joined()))
        }
    }

    @Test func theFurtherWords_stopAtTheByteLimit() {
        let start = String(repeating: "x", count: ReportRankedText.fullLimit) + " "
        let rest = (0..<100_000).map { "wörd\($0)" }.joined(separator: " ")
        let ranked = ReportRankedText.of(start + rest)
        #expect(ranked.utf8.count <= ReportRankedText.byteLimit)
        #expect(ranked.utf8.count > ReportRankedText.byteLimit - 20)
        #expect(ReportRankedText.keptPart(of: ranked).utf8.count == ReportRankedText.fullLimit)
        #expect(ranked.split(separator: "\u{2029}")[1].hasPrefix("\nwörd0 wörd1 wörd2 "))
    }
}
