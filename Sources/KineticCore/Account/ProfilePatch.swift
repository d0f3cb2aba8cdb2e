/// A partial profile update (`PUT /api/v1/profile`): only the members present change.
public struct ProfilePatch: Equatable, Sendable {
    public var name: String?
    public var email: String?
    /// `.some(nil)` returns the language to automatic (the browser's `Accept-Language`).
    public var language: AppLanguage??
    public var fitness: FitnessPatch?
    /// An IANA time zone identifier (validated by ``UserTimeZone``).
    public var timeZone: String?
    /// The account's password, needed when `email` changes.
    public var currentPassword: String?

    public init(
        name: String? = nil, email: String? = nil, language: AppLanguage?? = nil, fitness: FitnessPatch? = nil,
        timeZone: String? = nil, currentPassword: String? = nil
    ) {
        self.name = name
        self.email = email
        self.language = language
        self.fitness = fitness
        self.timeZone = timeZone
        self.currentPassword = currentPassword
    }

    /// Parses and validates a JSON body, reporting every failing field at once.
    public static func parse(_ body: JSONValue) -> Result<ProfilePatch, FieldErrors> {
        var reader: JSONMemberReader
        switch JSONMemberReader.object(body, known: ["name", "email", "language", "timeZone", "currentPassword", "fitness"]) {
        case .success(let members): reader = members
        case .failure(let errors): return .failure(errors)
        }
        var patch = ProfilePatch()
        if let string = reader.string("name", .optional) {
            switch AccountRules.normalizedName(string) {
            case .success(let name): patch.name = name
            case .failure(let failure): reader.merge(failure, prefix: nil)
            }
        }
        if let string = reader.string("email", .optional) {
            switch AccountRules.normalizedEmail(string) {
            case .success(let email): patch.email = email
            case .failure(let failure): reader.merge(failure, prefix: nil)
            }
        }
        if let code = reader.nullableString("language") {
            if let code, AppLanguage(rawValue: code) == nil {
                reader.fail("language", "error.language.unsupported")
            } else {
                patch.language = .some(code.flatMap(AppLanguage.init(rawValue:)))
            }
        }
        if let string = reader.string("timeZone", .optional) {
            switch UserTimeZone.validated(string) {
            case .success(let zone): patch.timeZone = zone
            case .failure(let failure): reader.merge(failure, prefix: nil)
            }
        }
        patch.currentPassword = reader.string("currentPassword", .optional)
        if let members = reader.object("fitness", .optional) {
            switch FitnessPatch.parse(members) {
            case .success(let fitness): patch.fitness = fitness
            case .failure(let failure): reader.merge(failure, prefix: "fitness")
            }
        }
        return reader.result(patch)
    }
}
