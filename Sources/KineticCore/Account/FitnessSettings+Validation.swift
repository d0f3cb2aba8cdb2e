extension FitnessSettings {
    /// Checks the rules that involve more than one field once a patch is applied:
    /// a calorie goal needs body type and height (seed: "Edit My Goals").
    public func crossFieldErrors() -> FieldErrors {
        var errors = FieldErrors()
        if calorieGoal > 0 && !allowsCalorieGoal {
            errors.add("calorieGoal", "error.calorieGoal.needsFitness")
        }
        return errors
    }
}
