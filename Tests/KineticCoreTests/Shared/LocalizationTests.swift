import Foundation
import Testing

@testable import KineticCore

@Suite struct LocalizationTests {
    @Test(arguments: [
        ("de-DE,de;q=0.9,en;q=0.8", AppLanguage.german),
        ("en-GB,en;q=0.9", .english),
        ("fr-FR,fr;q=0.9,de;q=0.5", .german),
        ("en-XA", .pseudo),
        ("fr, it", nil),
        ("de;q=0, en;q=0.1", .english),
        ("", nil),
    ])
    func acceptLanguage_picksBestSupported(header: String, expected: AppLanguage?) {
        #expect(LanguageNegotiation.bestMatch(acceptLanguage: header) == expected)
    }

    @Test func userSetting_winsOverHeader() {
        #expect(AppLanguage.resolve(userSetting: "de", acceptLanguage: "en-US") == .german)
        #expect(AppLanguage.resolve(userSetting: nil, acceptLanguage: "de") == .german)
        #expect(AppLanguage.resolve(userSetting: nil, acceptLanguage: nil) == .english)
    }

    @Test(arguments: ["Save", "Log in to track your goals and workouts.", "Too many failed attempts. Try again in %@ seconds."])
    func pseudoLocalization_lengthensAndBrackets(source: String) {
        let pseudo = PseudoLocalizer.pseudoLocalize(source)
        #expect(pseudo.hasPrefix("[") && pseudo.hasSuffix("]"))
        #expect(Double(pseudo.count) >= Double(source.count) * 1.3)
        #expect(pseudo != "[" + source + "]")
        #expect(pseudo.contains("%@") == source.contains("%@"))
    }

    @Test func formatting_substitutesPositionalAndSequentialArguments() {
        #expect(StringFormatting.format("%1$@ ft %2$@ in", ["5", "10"]) == "5 ft 10 in")
        #expect(StringFormatting.format("%2$@ then %1$@", ["a", "b"]) == "b then a")
        #expect(StringFormatting.format("%@ of %lld", ["3", "7"]) == "3 of 7")
        #expect(StringFormatting.format("100%% sure", ["x"]) == "100% sure")
        #expect(StringFormatting.format("no placeholders", []) == "no placeholders")
    }

    @Test func catalog_readsStringsPluralsAndFallsBack() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "greeting": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Hello"}},
                                              "de": {"stringUnit": {"state": "translated", "value": "Hallo"}}}},
              "onlyEnglish": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Only"}}}},
              "jumps": {"localizations": {"en": {"variations": {"plural": {
                  "one": {"stringUnit": {"state": "translated", "value": "%lld jump"}},
                  "other": {"stringUnit": {"state": "translated", "value": "%lld jumps"}}}}}}}
            }}
            """
        let catalog = try StringCatalog(data: Data(json.utf8))
        #expect(catalog.string("greeting", language: .german) == "Hallo")
        #expect(catalog.string("onlyEnglish", language: .german) == "Only")
        #expect(catalog.string("missing", language: .english) == "missing")
        #expect(catalog.string("jumps", language: .english, count: 1) == "%lld jump")
        #expect(catalog.string("jumps", language: .english, count: 2) == "%lld jumps")
        #expect(catalog.string("greeting", language: .pseudo).hasPrefix("[Ĥéĺĺó"))
        #expect(catalog.missingKeys(in: .german) == ["jumps", "onlyEnglish"])
    }

    @Test func height_isShownInTheLanguagesSystem() {
        #expect(HeightDisplay(inches: 71, imperial: true) == .imperial(feet: 5, inches: 11))
        #expect(HeightDisplay(inches: 71, imperial: false) == .metric(centimetres: 180))
        #expect(AppLanguage.german.usesImperialHeight == false)
    }
}
