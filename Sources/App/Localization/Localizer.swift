import Foundation
import KineticCore

/// Looks up strings and formats numbers and dates for one request's language.
/// Views receive a `Localizer` instead of a request.
struct Localizer: Sendable {
    let language: AppLanguage
    let catalog: StringCatalog

    /// The locale used for numbers and dates.
    var locale: Locale { Locale(identifier: language.formattingLocaleIdentifier) }

    /// The catalog string for `key`, with `arguments` substituted into its placeholders.
    func t(_ key: String, _ arguments: String...) -> String {
        t(key, arguments: arguments)
    }

    /// The catalog string for `key`, with an array of arguments substituted.
    func t(_ key: String, arguments: [String]) -> String {
        StringFormatting.format(catalog.string(key, language: language), arguments)
    }

    /// The plural form of `key` for `count`, with the formatted count as its first argument.
    func plural(_ key: String, count: Int) -> String {
        StringFormatting.format(catalog.string(key, language: language, count: count), [number(count)])
    }

    /// A whole number with the locale's grouping, e.g. "140,000" or "140.000".
    func number(_ value: Int) -> String {
        value.formatted(.number.locale(locale))
    }

    /// A date in the locale's medium style, e.g. "Nov 22, 2026" / "22.11.2026".
    func date(_ date: Date, timeZone: TimeZone = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter.string(from: date)
    }

    /// A height for display, in feet and inches or centimetres by language.
    func height(_ inches: Int?) -> String {
        guard let inches else { return t("fitness.height.notSet") }
        switch HeightDisplay(inches: inches, imperial: language.usesImperialHeight) {
        case .imperial(let feet, let remainder): return t("unit.height.imperial", number(feet), number(remainder))
        case .metric(let centimetres): return t("unit.height.metric", number(centimetres))
        }
    }

    /// The name of a body type, e.g. "Slim".
    func bodyType(_ bodyType: BodyType?) -> String {
        switch bodyType {
        case .small: t("fitness.bodyType.small")
        case .medium: t("fitness.bodyType.medium")
        case .large: t("fitness.bodyType.large")
        case nil: t("fitness.bodyType.notSet")
        }
    }

    /// The name of a language in that language's own words, for the language picker.
    func languageName(_ language: AppLanguage?) -> String {
        switch language {
        case .english: t("language.english")
        case .german: t("language.german")
        case .pseudo: t("language.pseudo")
        case nil: t("language.automatic")
        }
    }
}
