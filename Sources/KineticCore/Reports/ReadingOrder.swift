import Foundation

/// The order a person reads a level in, their choice: the library's own (as its editor wrote
/// `library.json`), by title (A to Z, as the reader's language sorts: "Ä" with "A", "10" after
/// "9"), or newest first (undated reports last, categories by title before them).
/// Categories come before reports in each.
public enum ReadingOrder: String, CaseIterable, Equatable, Sendable {
    case library
    case title
    case date

    /// The order `value` names (`?order=`); the library's for anything else.
    public init(query value: String?) {
        self = value.flatMap(Self.init(rawValue:)) ?? .library
    }

    /// `items` in this order, read with `title` and `date` and compared in `locale`; ties keep
    /// the library's order.
    public func arranged<Item>(
        _ items: [Item], title: (Item) -> String, date: (Item) -> LocalDate?, locale: Locale
    ) -> [Item] {
        let indexed = Array(items.enumerated())
        func byTitle(_ a: (offset: Int, element: Item), _ b: (offset: Int, element: Item)) -> Bool {
            switch title(a.element).compare(
                title(b.element), options: [.caseInsensitive, .numeric, .widthInsensitive], range: nil, locale: locale)
            {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: a.offset < b.offset
            }
        }
        switch self {
        case .library:
            return items
        case .title:
            return indexed.sorted(by: byTitle).map(\.element)
        case .date:
            return indexed.sorted { a, b in
                switch (date(a.element), date(b.element)) {
                case let (first?, second?) where first != second: first > second
                case (.some, nil): true
                case (nil, .some): false
                default: byTitle(a, b)
                }
            }.map(\.element)
        }
    }

    /// Whether `title` holds what a person typed to find it within a level: `typed` anywhere in
    /// it, compared by ``SpellingKey`` (so "strasse" finds "Straße", "muenchen" finds
    /// "München"); every word of `typed` must be there, in any order.
    public static func title(_ title: String, matches typed: String) -> Bool {
        let key = SpellingKey.of(title)
        let words = typed.split(whereSeparator: { $0.isWhitespace }).map { SpellingKey.of(String($0)) }.filter { !$0.isEmpty }
        return !words.isEmpty && words.allSatisfy { key.contains($0) }
    }
}
