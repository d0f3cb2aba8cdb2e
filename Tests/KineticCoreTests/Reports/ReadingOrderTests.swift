import Foundation
import KineticCore
import Testing

@Suite struct ReadingOrderTests {
    struct Item: Equatable {
        let title: String
        let date: LocalDate?
    }

    let items = [
        Item(title: "Zugspitze 10", date: LocalDate(year: 2024, month: 3, day: 1)),
        Item(title: "Ärger mit Fußnoten", date: nil),
        Item(title: "zebra 9", date: LocalDate(year: 2025, month: 1, day: 5)),
        Item(title: "Apfel", date: LocalDate(year: 2024, month: 3, day: 1)),
        Item(title: "apfel", date: nil),
    ]

    func titles(_ order: ReadingOrder, locale: String = "de_DE") -> [String] {
        order.arranged(items, title: \.title, date: \.date, locale: Locale(identifier: locale)).map(\.title)
    }

    @Test func theLibrarysOrder_isKept() {
        #expect(titles(.library) == items.map(\.title))
    }

    @Test func byTitle_sortsAsTheLanguageDoes_umlautsWithTheirLetter_numbersByValue_tiesInLibraryOrder() {
        #expect(titles(.title) == ["Apfel", "apfel", "Ärger mit Fußnoten", "zebra 9", "Zugspitze 10"])
    }

    @Test func byDate_isNewestFirst_undatedLastByTitle_sameDayByTitle() {
        #expect(titles(.date) == ["zebra 9", "Apfel", "Zugspitze 10", "apfel", "Ärger mit Fußnoten"])
    }

    @Test func anUnknownOrder_isTheLibrarys() {
        #expect(ReadingOrder(query: "sideways") == .library && ReadingOrder(query: nil) == .library)
        #expect(ReadingOrder(query: "date") == .date)
    }

    @Test(arguments: [
        ("Die Straße der Fußnoten", "strasse", true), ("Die Straße der Fußnoten", "fussnoten STRASSE", true),
        ("München im Winter", "muenchen", true), ("Ærøskøbing", "aeroesk", true), ("L’élève", "eleve", true),
        ("Shape Library", "lib", true), ("Shape Library", "shape tikz", false), ("Shape Library", "  ", false),
    ])
    func aTitle_isFoundHoweverItIsTyped(title: String, typed: String, found: Bool) {
        #expect(ReadingOrder.title(title, matches: typed) == found)
    }
}
