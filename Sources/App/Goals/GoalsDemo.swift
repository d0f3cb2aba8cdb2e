import KineticCore

/// The demo account's Goals data: ten months of visits at three parks, goals that change,
/// one month above 100 %, one month without visits, and the current month in progress.
enum DemoGoalsData {
    static let parks = ["Plainfield", "Riverside", "Summit Heights"]

    /// Goals by the month they were set, relative to the current month.
    static func goals(current: Month) -> [Month: MonthGoals] {
        [
            month(-9, from: current): MonthGoals(jumpGoal: 25_000, calorieGoal: 1_500),
            month(-5, from: current): MonthGoals(jumpGoal: 30_000, calorieGoal: 1_800),
            month(-2, from: current): MonthGoals(jumpGoal: 35_000, calorieGoal: 2_000),
        ]
    }

    /// Share of each month's jump goal reached, from nine months ago to this month.
    static let shareOfGoal: [Int: Double] = [-9: 0.6, -8: 0.85, -7: 0.7, -6: 0, -5: 0.9, -4: 0.75, -3: 1.3, -2: 0.8, -1: 0.95, 0: 0.45]

    /// The sessions, deterministic for a given `today`.
    static func sessions(today: LocalDate, fitness: FitnessSettings) -> [JumpSession] {
        let current = Month(today)
        let setGoals = goals(current: current)
        var random = SeededGenerator(seed: 20_150_520)
        var sessions: [JumpSession] = []
        for offset in -9...0 {
            let month = month(offset, from: current)
            guard let share = shareOfGoal[offset], share > 0, let goal = MonthGoals.inForce(in: month, setGoals: setGoals) else { continue }
            let lastDay = offset == 0 ? today.day : month.dayCount
            let days = stride(from: 2, through: month.dayCount, by: 4).filter { $0 <= lastDay }
            let planned = offset == 0 ? days.isEmpty ? [today.day] : days : days
            let target = Double(goal.jumpGoal) * share * (offset == 0 ? Double(planned.count) / 7 : 1)
            let perSession = target / Double(planned.count)
            for (index, day) in planned.enumerated() {
                let jumps = Int(perSession * (0.9 + 0.2 * random.nextUnit()))
                let startHour = 10 + Int(random.nextUnit() * 8)
                let startMinute = random.nextUnit() < 0.5 ? 0 : 30
                let minutes = random.nextUnit() < 0.6 ? 60 : 90
                let start = TimeOfDay(hour: startHour, minute: startMinute)!
                let end = TimeOfDay(hour: (start.minutes + minutes) / 60, minute: (start.minutes + minutes) % 60)!
                // Some parks report calories, the others leave them to Kinetic's estimate.
                let park = parks[(index + offset + 9) % parks.count]
                let reported =
                    park == "Plainfield"
                    ? CalorieEstimator.estimate(jumps: jumps, fitness: fitness).map { Int(Double($0) * (0.95 + 0.1 * random.nextUnit())) }
                    : nil
                sessions.append(
                    JumpSession(
                        date: LocalDate(year: month.year, month: month.month, day: day)!, numberOfJumps: jumps,
                        numberOfCalories: reported, parkName: park, startTime: start, endTime: end
                    ))
            }
        }
        return sessions
    }

    private static func month(_ offset: Int, from current: Month) -> Month {
        var month = current
        for _ in 0..<abs(offset) { month = offset < 0 ? month.previous : month.next }
        return month
    }
}
