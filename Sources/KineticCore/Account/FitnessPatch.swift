/// A partial update of ``FitnessSettings``: a field that is absent stays as it is;
/// `bodyType` and `height` may be set to nil explicitly.
public struct FitnessPatch: Equatable, Sendable {
    public var bodyType: BodyType??
    public var height: Int??
    public var jumpGoal: Int?
    public var calorieGoal: Int?

    public init(bodyType: BodyType?? = nil, height: Int?? = nil, jumpGoal: Int? = nil, calorieGoal: Int? = nil) {
        self.bodyType = bodyType
        self.height = height
        self.jumpGoal = jumpGoal
        self.calorieGoal = calorieGoal
    }

    /// Returns `settings` with every present field of the patch applied.
    public func applied(to settings: FitnessSettings) -> FitnessSettings {
        var result = settings
        if let bodyType { result.bodyType = bodyType }
        if let height { result.height = height }
        if let jumpGoal { result.jumpGoal = jumpGoal }
        if let calorieGoal { result.calorieGoal = calorieGoal }
        return result
    }

    /// Parses and validates the JSON `fitness` object of a profile update.
    /// Unknown members are rejected so that a misspelt field is not silently ignored.
    public static func parse(_ members: [String: JSONValue]) -> Result<FitnessPatch, FieldErrors> {
        var patch = FitnessPatch()
        var errors = FieldErrors()
        for (name, value) in members {
            switch name {
            case "bodyType":
                if value == .null { patch.bodyType = .some(nil); continue }
                guard let raw = value.integerValue else { errors.add(name, "error.field.integerExpected"); continue }
                guard let bodyType = BodyType(rawValue: raw) else { errors.add(name, "error.bodyType.range"); continue }
                patch.bodyType = .some(bodyType)
            case "height":
                if value == .null { patch.height = .some(nil); continue }
                guard let inches = value.integerValue else { errors.add(name, "error.field.integerExpected"); continue }
                guard FitnessSettings.heightRange.contains(inches) else { errors.add(name, "error.height.range"); continue }
                patch.height = .some(inches)
            case "jumpGoal":
                guard let goal = value.integerValue else { errors.add(name, "error.field.integerExpected"); continue }
                guard FitnessSettings.jumpGoalRange.contains(goal) else { errors.add(name, "error.jumpGoal.range"); continue }
                patch.jumpGoal = goal
            case "calorieGoal":
                guard let goal = value.integerValue else { errors.add(name, "error.field.integerExpected"); continue }
                guard FitnessSettings.calorieGoalRange.contains(goal) else { errors.add(name, "error.calorieGoal.range"); continue }
                patch.calorieGoal = goal
            default:
                errors.add(name, "error.field.unknown")
            }
        }
        return errors.isEmpty ? .success(patch) : .failure(errors)
    }
}
