import Foundation
import KineticCore

/// Looks up strings and formats numbers and dates for one request's language.
/// Views receive a `Localizer` instead of a request.
struct Localizer: Sendable {
    let language: AppLanguage
    let catalog: StringCatalog
    /// Reads exercises' names and instructions in other languages, on first use (a request's
    /// localizer has it; without it, exercises read as the catalogue has them, in English).
    var readExerciseTranslations: (@Sendable () -> ExerciseTranslations?)? = nil

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

    /// A size in bytes as people read it, in powers of 1,024 as quotas are set: "3 GB",
    /// "2.5 MB" / "2,5 MB", "0 bytes".
    func byteCount(_ bytes: Int) -> String {
        Int64(clamping: bytes).formatted(
            ByteCountFormatStyle(style: .memory, allowedUnits: .all, spellsOutZero: false, includesActualByteCount: false, locale: locale))
    }

    /// A number with `fractionDigits` decimals in the locale's way, e.g. "2.3" / "2,3".
    func decimal(_ value: Double, fractionDigits: Int) -> String {
        value.formatted(.number.precision(.fractionLength(fractionDigits)).locale(locale))
    }

    /// A percentage, e.g. "71%" / "71 %".
    func percent(_ value: Int) -> String {
        (Double(value) / 100).formatted(.percent.precision(.fractionLength(0)).locale(locale))
    }

    /// A calendar date with the weekday, e.g. "Wed, May 20" / "Mi., 20. Mai".
    func date(_ date: LocalDate) -> String {
        format(date, template: "EEEMMMd")
    }

    /// A calendar date with the year, e.g. "May 20, 2021" / "20. Mai 2021".
    func fullDate(_ date: LocalDate) -> String {
        format(date, template: "yMMMd")
    }

    /// A birthday, e.g. "April 15, 1996" / "15. April 1996", or "April 15" / "15. April" without a year.
    func birthday(_ birthday: Birthday) -> String {
        format(birthday.day(in: birthday.year ?? 2000), template: birthday.year == nil ? "MMMMd" : "yMMMMd")
    }

    /// The months' names as they stand alone, January first: "April" / "April".
    var monthNames: [String] {
        let formatter = DateFormatter()
        formatter.locale = locale
        return formatter.standaloneMonthSymbols
    }

    /// A time zone as people say it: "Berlin time" / "Ortszeit Berlin", or "UTC".
    func timeZoneName(_ identifier: String) -> String {
        TimeZoneName.city(of: identifier).map { t("time.zone.city", $0) } ?? t("time.zone.utc")
    }

    /// A month and year, e.g. "May 2015" / "Mai 2015".
    func month(_ month: Month) -> String {
        format(LocalDate(year: month.year, month: month.month, day: 15)!, template: "yMMMM")
    }

    /// A text about `month`: the key's own text ("… this month") for the current month, else
    /// the key's `.past` variant naming it ("… in May 2015"). Past months never say "this month".
    func aboutMonth(_ key: String, _ month: Month, isCurrent: Bool) -> String {
        isCurrent ? t(key) : t(key + ".past", self.month(month))
    }

    /// A time of day in the locale's style, e.g. "1:00 PM" / "13:00".
    func time(_ time: TimeOfDay) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .none
        formatter.timeStyle = .short
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(time.minutes * 60)))
    }

    private func format(_ date: LocalDate, template: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        let utc = TimeZone(identifier: "UTC")!
        formatter.timeZone = utc
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter.string(from: date.noon(in: utc))
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
