import Fluent
import Foundation
import KineticCore

/// The goals a user set for one month (`yyyy-MM`); later months keep them until changed.
final class MonthlyGoalRecord: Model, @unchecked Sendable {
    static let schema = "monthly_goals"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "month") var month: String
    @Field(key: "jump_goal") var jumpGoal: Int
    @Field(key: "calorie_goal") var calorieGoal: Int

    init() {}

    init(userID: UUID, month: Month, goals: MonthGoals) {
        self.$user.id = userID
        self.month = month.description
        self.jumpGoal = goals.jumpGoal
        self.calorieGoal = goals.calorieGoal
    }

    var goals: MonthGoals { MonthGoals(jumpGoal: jumpGoal, calorieGoal: calorieGoal) }
}
