/// The languages Kinetic is localized into. `pseudo` is a test language generated from English.
public enum AppLanguage: String, CaseIterable, Codable, Sendable {
    case english = "en"
    case german = "de"
    case pseudo = "en-XA"

    /// The language of the String Catalog's source strings.
    public static let source = AppLanguage.english

    /// The locale identifier used for dates and numbers. The pseudo-locale formats like English.
    public var formattingLocaleIdentifier: String {
        switch self {
        case .english: "en-US"
        case .german: "de-DE"
        case .pseudo: "en-US"
        }
    }

    /// Whether heights are shown in feet and inches rather than centimetres.
    public var usesImperialHeight: Bool { self != .german }

    /// The language chosen by a user setting, else the best match of an `Accept-Language` header,
    /// else English.
    public static func resolve(userSetting: String?, acceptLanguage: String?) -> AppLanguage {
        if let userSetting, let language = AppLanguage(rawValue: userSetting) { return language }
        return LanguageNegotiation.bestMatch(acceptLanguage: acceptLanguage ?? "") ?? .source
    }
}
