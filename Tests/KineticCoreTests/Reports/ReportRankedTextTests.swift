import KineticCore
import Testing

@Suite struct ReportRankedTextTests {
    @Test func aShortText_isKeptWhole_withLineBreaksForPageBreaks() {
        #expect(ReportRankedText.of("One page\u{0C}Two\u{2029}pages\u{0C}") == "One page\nTwo\npages\n")
    }

    @Test func aLongText_keepsItsStart_andAddsEachFurtherWordOnce() {
        let start = String(repeating: "alpha beta ", count: ReportRankedText.fullLimit / 11 + 1)
        let text = start + "\u{0C}Gamma, beta; gamma délta\u{0C}DELTA 2027 epsilon-zeta"
        let ranked = ReportRankedText.of(text)
        let kept = String(start.prefix(ReportRankedText.fullLimit))
        #expect(ranked.hasPrefix(kept))
        // The cut falls inside a word here: its end is a word of the rest.
        #expect(ranked.dropFirst(kept.count) == "\n\u{2029}\na Gamma délta 2027 epsilon zeta")
        #expect(ReportRankedText.keptPart(of: ranked) == kept[...])
        #expect(ReportRankedText.keptPart(of: "Short") == "Short")
    }

    @Test func theFurtherWords_stopAtTheirLimit() {
        let start = String(repeating: "x", count: ReportRankedText.fullLimit) + " "
        let rest = (0..<100_000).map { "w\($0)" }.joined(separator: " ")
        let ranked = ReportRankedText.of(start + rest)
        let tail = ranked.split(separator: "\u{2029}")[1].dropFirst()
        #expect(tail.count <= ReportRankedText.tailLimit)
        #expect(tail.count > ReportRankedText.tailLimit - 10)
        #expect(tail.hasPrefix("w0 w1 w2 "))
    }
}
