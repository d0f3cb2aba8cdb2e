import KineticCore
import Testing

@Suite struct TextLanguageTests {
    /// A paragraph from each language's real writing (manuals and news), long enough to tell.
    static let paragraphs: [String: String] = [
        "en": """
        The accident book lists the minor injuries in the period, and none of them needed hospital treatment. Marshals were \
        present at every court during the visits, and briefings ran before each session. This is the report for the year, \
        and it is sent to the board with the figures of the parks that are in the group.
        """,
        "de": """
        Die Dokumentation beschreibt, wie man mit dem Paket arbeitet und welche Befehle es für die Gestaltung von Tabellen \
        gibt. Es ist nicht nötig, sich die Optionen zu merken, denn sie werden im Anhang auch noch einmal erklärt. Wer eine \
        eigene Vorlage schreibt, findet in dem Kapitel über die Schriften die Größe und den Abstand der Zeilen.
        """,
        "fr": """
        Le manuel explique comment utiliser le programme et quelles sont les commandes pour les tableaux. Il est inutile de \
        retenir les options, car elles sont expliquées dans une annexe. Pour écrire un modèle, le chapitre sur les polices \
        donne la taille des caractères et qui les a dessinées avec la famille des fontes.
        """,
        "da": """
        Vejledningen forklarer, hvordan man bruger programmet, og hvilke kommandoer der er til tabeller. Det er ikke \
        nødvendigt at huske alle muligheder, for de er forklaret i et tillæg. Den som skriver en skabelon, kan finde \
        størrelsen på skriften i kapitlet om skrifttyper, og det er til at finde fra starten af bogen.
        """,
        "es": """
        El manual explica cómo se usa el programa y cuáles son las órdenes para las tablas. No es necesario recordar las \
        opciones, porque se explican en un apéndice. Para escribir una plantilla, el capítulo de las fuentes da el tamaño \
        de la letra y el espacio entre las líneas de la página con los ejemplos del autor.
        """,
    ]

    @Test func eachLanguagesWriting_isToldApart() {
        for (language, text) in Self.paragraphs {
            #expect(TextLanguage.detected(in: text) == language, "\(language)")
        }
    }

    @Test func aTitle_numbers_orTwoLanguagesEvenlyMixed_sayNothing() {
        #expect(TextLanguage.detected(in: "Deutschsprachige Dokumentation zu LaTeX") == nil, "too short to tell")
        #expect(TextLanguage.detected(in: String(repeating: "1 2 3 4.5 % ", count: 500)) == nil)
        #expect(TextLanguage.detected(in: "") == nil)
        let mixed = Self.paragraphs["en"]! + " " + Self.paragraphs["de"]!
        #expect(TextLanguage.detected(in: mixed) == nil, "neither is clearly the language")
    }

    @Test func tags_areCheckedAndWrittenAsBCP47WritesThem() {
        #expect(TextLanguage.tag("de") == "de")
        #expect(TextLanguage.tag(" EN-gb ") == "en-GB")
        #expect(TextLanguage.tag("zh-Hant-TW") == "zh-Hant-TW")
        #expect(TextLanguage.tag("pt-BR") == "pt-BR")
        for wrong in ["deutsch", "d", "de_DE", "de-", "en-GB-x-y-z-w", "<script>", "dé"] {
            #expect(TextLanguage.tag(wrong) == nil, "\(wrong)")
        }
    }

    @Test func theMostCommonLanguage_leavesUnknownsOut_andTakesTheFirstOnATie() {
        #expect(TextLanguage.mostCommon(["de", nil, "en", "de"]) == "de")
        #expect(TextLanguage.mostCommon(["en", "de"]) == "en")
        #expect(TextLanguage.mostCommon([nil, nil]) == nil)
    }
}
