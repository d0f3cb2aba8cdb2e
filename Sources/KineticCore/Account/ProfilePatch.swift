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
        guard let members = body.objectValue else {
            return .failure(FieldErrors(["body": "error.body.objectExpected"]))
        }
        var patch = ProfilePatch()
        var errors = FieldErrors()
        for (field, value) in members {
            switch field {
            case "name":
                guard let string = value.stringValue else { errors.add(field, "error.field.stringExpected"); continue }
                switch AccountRules.normalizedName(string) {
                case .success(let name): patch.name = name
                case .failure(let failure): errors.merge(failure, prefix: nil)
                }
            case "email":
                guard let string = value.stringValue else { errors.add(field, "error.field.stringExpected"); continue }
                switch AccountRules.normalizedEmail(string) {
                case .success(let email): patch.email = email
                case .failure(let failure): errors.merge(failure, prefix: nil)
                }
            case "language":
                if value == .null { patch.language = .some(nil); continue }
                guard let code = value.stringValue else { errors.add(field, "error.field.stringExpected"); continue }
                guard let language = AppLanguage(rawValue: code) else { errors.add(field, "error.language.unsupported"); continue }
                patch.language = .some(language)
            case "timeZone":
                guard let string = value.stringValue else { errors.add(field, "error.field.stringExpected"); continue }
                switch UserTimeZone.validated(string) {
                case .success(let zone): patch.timeZone = zone
                case .failure(let failure): errors.merge(failure, prefix: nil)
                }
            case "currentPassword":
                guard let string = value.stringValue else { errors.add(field, "error.field.stringExpected"); continue }
                patch.currentPassword = string
            case "fitness":
                guard let fitnessMembers = value.objectValue else { errors.add(field, "error.field.objectExpected"); continue }
                switch FitnessPatch.parse(fitnessMembers) {
                case .success(let fitness): patch.fitness = fitness
                case .failure(let failure): errors.merge(failure, prefix: "fitness")
                }
            default:
                errors.add(field, "error.field.unknown")
            }
        }
        return errors.isEmpty ? .success(patch) : .failure(errors)
    }
}
