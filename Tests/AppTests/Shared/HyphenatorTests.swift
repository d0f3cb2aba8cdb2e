import Foundation
import KineticCore
import Testing

@testable import App

/// Titles carry soft hyphens where their language breaks words, from Debian's dictionaries
/// (`hyphen-de`, `hyphen-en-us`, `hyphen-fr`, which `scripts/test` installs).
@Suite struct HyphenatorTests {
    static let hasDictionaries = ["hyph_de_DE.dic", "hyph_en_US.dic"].allSatisfy {
        FileManager.default.fileExists(atPath: "/usr/share/hyphen/" + $0)
    }

    @Test(.enabled(if: hasDictionaries, "needs Debian's hyphen-de and hyphen-en-us"))
    func words_breakWhereTheirLanguageBreaksThem_andOnlyInALanguageWithADictionary() {
        let hyphenator = Hyphenator.live()
        func shown(_ text: String, _ language: String?) -> String {
            hyphenator.hyphenate(text, language).replacingOccurrences(of: "\u{AD}", with: "-")
        }
        #expect(
            shown("Sicherheitsüberprüfungsberichte für Düsseldorf", "de-DE") == "Si-cher-heits-über-prü-fungs-be-rich-te für Düs-sel-dorf")
        #expect(shown("Deutschsprachige Dokumentation", "de") == "Deutsch-spra-chi-ge Do-ku-men-ta-ti-on")
        #expect(shown("Donaudampfschifffahrtsgesellschaftskapitän", "de") == "Do-nau-dampf-schiff-fahrts-ge-sell-schafts-ka-pi-tän")
        // Words shorter than eight letters, and digits, stay whole.
        #expect(shown("Bericht 2025", "de") == "Bericht 2025")
        #expect(shown("Trampoline maintenance", "en") == "Tram-po-line main-te-nance")
        #expect(shown("Trampoline maintenance", "en-US") == "Tram-po-line main-te-nance")
        // No dictionary (Japanese here), or no language: as it was.
        #expect(shown("Sicherheitsüberprüfungsberichte", "ja") == "Sicherheitsüberprüfungsberichte")
        #expect(shown("Sicherheitsüberprüfungsberichte", nil) == "Sicherheitsüberprüfungsberichte")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/hyphen/hyph_fr.dic"), "needs Debian's hyphen-fr"))
    func frenchWords_breakByFrenchPatterns() {
        let shown = Hyphenator.live().hyphenate("Réglementation internationale", "fr-FR").replacingOccurrences(of: "\u{AD}", with: "-")
        #expect(shown == "Ré-gle-men-ta-tion in-ter-na-tio-nale")
    }
}
