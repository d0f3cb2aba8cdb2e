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
        var reader = JSONMemberReader(members, known: ["bodyType", "height", "jumpGoal", "calorieGoal"])
        if let raw = reader.nullableInteger("bodyType") {
            if let raw, BodyType(rawValue: raw) == nil {
                reader.fail("bodyType", "error.bodyType.range")
            } else {
                patch.bodyType = .some(raw.flatMap(BodyType.init(rawValue:)))
            }
        }
        if let inches = reader.nullableInteger("height") {
            if let inches, !FitnessSettings.heightRange.contains(inches) {
                reader.fail("height", "error.height.range")
            } else {
                patch.height = .some(inches)
            }
        }
        if let goal = reader.integer("jumpGoal", .optional) {
            if FitnessSettings.jumpGoalRange.contains(goal) {
                patch.jumpGoal = goal
            } else {
                reader.fail("jumpGoal", "error.jumpGoal.range")
            }
        }
        if let goal = reader.integer("calorieGoal", .optional) {
            if FitnessSettings.calorieGoalRange.contains(goal) {
                patch.calorieGoal = goal
            } else {
                reader.fail("calorieGoal", "error.calorieGoal.range")
            }
        }
        return reader.result(patch)
    }
}
