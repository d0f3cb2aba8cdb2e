import Foundation

/// The translations of an Xcode String Catalog (`Localizable.xcstrings`), read from its JSON.
/// Plain string units are supported, as are plural variations (`one` / `other`).
public struct StringCatalog: Sendable {
    /// One translated string, or a set of plural forms.
    public struct Entry: Equatable, Sendable {
        public var value: String?
        public var plural: [String: String]
    }

    public let sourceLanguage: String
    /// Entries by key, then by language code.
    public let entries: [String: [String: Entry]]

    public init(sourceLanguage: String, entries: [String: [String: Entry]]) {
        self.sourceLanguage = sourceLanguage
        self.entries = entries
    }

    /// Reads a catalog from the JSON of an `.xcstrings` file.
    public init(data: Data) throws {
        let file = try JSONDecoder().decode(CatalogFile.self, from: data)
        var entries: [String: [String: Entry]] = [:]
        for (key, string) in file.strings {
            var languages: [String: Entry] = [:]
            for (language, localization) in string.localizations ?? [:] {
                let plural = localization.variations?.plural?.mapValues(\.stringUnit.value) ?? [:]
                languages[language] = Entry(value: localization.stringUnit?.value, plural: plural)
            }
            entries[key] = languages
        }
        self.init(sourceLanguage: file.sourceLanguage, entries: entries)
    }

    /// The string for `key` in `language`, falling back to the source language, then to the key.
    /// The pseudo-language is generated from the source language.
    public func string(_ key: String, language: AppLanguage, count: Int? = nil) -> String {
        if language == .pseudo {
            return PseudoLocalizer.pseudoLocalize(string(key, language: .source, count: count))
        }
        let forms = entries[key]
        let entry = forms?[language.rawValue] ?? forms?[sourceLanguage]
        guard let entry else { return key }
        if let count, !entry.plural.isEmpty {
            let category = count == 1 ? "one" : "other"
            if let form = entry.plural[category] ?? entry.plural["other"] { return form }
        }
        return entry.value ?? entry.plural["other"] ?? key
    }

    /// The keys that lack a translation in `language`.
    public func missingKeys(in language: AppLanguage) -> [String] {
        entries.filter { _, forms in
            guard let entry = forms[language.rawValue] else { return true }
            return entry.value == nil && entry.plural.isEmpty
        }.keys.sorted()
    }
}

/// The subset of the `.xcstrings` JSON schema that Kinetic reads.
private struct CatalogFile: Decodable {
    struct StringUnit: Decodable { let value: String }
    struct Variation: Decodable { let stringUnit: StringUnit }
    struct Variations: Decodable { let plural: [String: Variation]? }
    struct Localization: Decodable {
        let stringUnit: StringUnit?
        let variations: Variations?
    }
    struct CatalogString: Decodable { let localizations: [String: Localization]? }

    let sourceLanguage: String
    let strings: [String: CatalogString]
}
