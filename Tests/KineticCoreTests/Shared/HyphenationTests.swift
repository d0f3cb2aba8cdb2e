import KineticCore
import Testing

@Suite struct HyphenationTests {
    /// Liang's rule: each pattern found in the word (with `.` at its ends) gives values between
    /// its letters, the highest value wins, and an odd one is a place to break; never closer
    /// to the ends than the dictionary's minimums.
    @Test func oddValues_break_theHighestWins_andTheEndsKeepTheirMinimum() {
        let hyphenation = Hyphenation(
            dictionary: """
                UTF-8
                % a comment
                LEFTHYPHENMIN 2
                RIGHTHYPHENMIN 2
                NEXTLEVEL
                a1b
                b2c
                1c
                .x3
                c1k/k=,1,2
                """)
        // "xabcab": x|a is too close to the start; a|b odd (1); b|c even (2 beats 1); c|a none;
        // a|b is too close to the end.
        #expect(hyphenation.breaks(in: "xabcab") == [2])
        #expect(hyphenation.breaks(in: "XABCABAB") == [2, 5])
        #expect(hyphenation.hyphenated("xabcabab xab", minimumLength: 8) == "xa\u{AD}bca\u{AD}bab xab")
        #expect(hyphenation.hyphenated("xabcabab", minimumLength: 9) == "xabcabab")
        #expect(Hyphenation(dictionary: "UTF-8\n% nothing\n").isEmpty)
    }
}
