/// The seed's `fitness` object: body type, height in inches, and the current monthly goals.
public struct FitnessSettings: Equatable, Codable, Sendable {
    /// The body-type figure the user chose, or nil before they chose one.
    public var bodyType: BodyType?
    /// Height in whole inches, or nil before the user set it.
    public var height: Int?
    /// The current monthly jump goal.
    public var jumpGoal: Int
    /// The current monthly calorie goal; 0 turns the calorie goal off.
    public var calorieGoal: Int

    public init(bodyType: BodyType? = nil, height: Int? = nil, jumpGoal: Int = FitnessSettings.defaultJumpGoal, calorieGoal: Int = 0) {
        self.bodyType = bodyType
        self.height = height
        self.jumpGoal = jumpGoal
        self.calorieGoal = calorieGoal
    }

    /// The jump goal a new account starts with.
    public static let defaultJumpGoal = 10_000
    /// Heights the ruler offers and the API accepts, in inches (3 ft to 8 ft).
    public static let heightRange = 36...96
    /// Jump goals the ruler offers and the API accepts.
    public static let jumpGoalRange = 0...1_000_000
    /// Calorie goals the API accepts.
    public static let calorieGoalRange = 0...100_000

    /// Whether calories can be estimated and a calorie goal set: the seed requires body type and height.
    public var allowsCalorieGoal: Bool { bodyType != nil && height != nil }
}
