import Testing

@testable import KineticCore

/// Searches find words as people type them on any keyboard, and with one typo.
@Suite struct WishSearchSpellingTests {
    private func finds(_ search: String, in text: String) -> Bool {
        WishSearchText.score(of: WishSearchText.stored(subject: "", people: [], message: text), for: WishSearchText.searchWords(search))
            != nil
    }

    @Test(arguments: [
        ("muenchen", "Grüße aus München"), ("munchen", "Grüße aus München"), ("München", "Gruesse aus Muenchen"),
        ("joerg", "Für Jörg"), ("duesseldorf", "Düsseldorf"), ("graefin", "Die Gräfin"), ("strasse", "Straße 5"),
        ("Straße", "Strasse 5"), ("fussnoten", "Fußnoten"), ("aeroskobing", "Ærøskøbing"), ("æro", "Aeroe"),
        ("soeren", "Søren"), ("Søren", "Soeren"), ("aalborg", "Ålborg"), ("Ålborg", "Aalborg"), ("loedz", "Łódź"),
        ("helene", "Hélène"),
    ])
    func theSpellingsOfALetter_findEachOther(search: String, text: String) {
        #expect(finds(search, in: text), "\(search) in \(text)")
    }

    @Test func wordsThatOnlyContainThosePairs_stillFindThemselves_andNothingElse() {
        #expect(finds("blue", in: "Once in a blue moon") && finds("blu", in: "Once in a blue moon"))
        #expect(finds("poet", in: "To the poet") && finds("michael", in: "Michael"))
        #expect(!finds("berlin", in: "Grüße aus München"))
        #expect(WishSearchText.stored(subject: "Grüße, Jörg", people: [], message: "Ærø") == " s:grusse s:jorg m:aro ")
    }

    @Test(arguments: [
        ("Geburtstg", "Alles Gute zum Geburtstag"), ("Gebutstag", "Alles Gute zum Geburtstag"),
        ("Gebrutstag", "Alles Gute zum Geburtstag"), ("Geburtsdag", "Alles Gute zum Geburtstag"),
        ("Geburrtstag", "Alles Gute zum Geburtstag"), ("retirment", "Happy retirement"),
    ])
    func oneTypo_inAWordOfFiveLettersOrMore_isForgiven(search: String, text: String) {
        #expect(finds(search, in: text), "\(search) in \(text)")
    }

    @Test func twoTypos_orOneInAShortWord_findNothing() {
        #expect(!finds("Gebrtstg", in: "Alles Gute zum Geburtstag"))
        #expect(!finds("gutr", in: "Alles Gute"), "four letters: only as typed")
        #expect(WishSearchText.typoSpellings(of: "gute").isEmpty)
        // A typo counts as found in the message: the subject's exact words rank first.
        let stored = WishSearchText.stored(subject: "Geburtstag", people: [], message: "")
        #expect(WishSearchText.score(of: stored, for: ["geburtstag"]) == 3)
        #expect(WishSearchText.score(of: stored, for: ["geburtstg"]) == 1)
    }

    @Test func theTypoSpellings_replaceDropAddOrSwapOneLetter() {
        let spellings = WishSearchText.typoSpellings(of: "gruss")
        for expected in ["_russ", "gr_ss", "russ", "gruss".replacingOccurrences(of: "ss", with: "s"), "g_russ", "rguss", "grsus"] {
            #expect(spellings.contains(expected), "\(expected)")
        }
        #expect(Set(spellings).count == spellings.count)
        #expect(!spellings.contains("gruss"))
    }
}
