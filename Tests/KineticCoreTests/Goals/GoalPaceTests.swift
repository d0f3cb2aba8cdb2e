import Testing

@testable import KineticCore

@Suite struct GoalPaceTests {
    private func day(_ text: String) -> LocalDate { LocalDate(text)! }

    @Test func evenPace_isTheGoalsShareOfTheDaysBeforeToday() throws {
        // November 2026 has 30 days; by the morning of the 11th, 10 are behind.
        let pace = try #require(GoalPace.of(goal: 30_000, progress: 7_000, today: day("2026-11-11"), pauses: .none))
        #expect(pace.expected == 10_000)
        #expect(pace.behindBy == 3_000)
        #expect(pace.aheadBy == 0)
        #expect(pace.jumpDays == 30)
        #expect(pace.jumpDaysLeft == 20)
        #expect(pace.neededPerDay == 1_150) // 23,000 over 20 days
        #expect(pace.fraction == 1.0 / 3)
    }

    @Test func restDays_moveThePace() throws {
        // Sundays off: November 2026 has five (1, 8, 15, 22, 29), so 25 jump days.
        let pauses = JumpPauses(restWeekdays: [.sunday])
        let pace = try #require(GoalPace.of(goal: 30_000, progress: 7_000, today: day("2026-11-11"), pauses: pauses))
        #expect(pace.jumpDays == 25)
        #expect(pace.expected == 9_600) // 8 jump days before the 11th
        #expect(pace.jumpDaysLeft == 17)
        #expect(pace.neededPerDay == 1_353) // 23,000 / 17, rounded up
        // A rest day is not a day left, and adds nothing to where the person should be.
        let sunday = try #require(GoalPace.of(goal: 30_000, progress: 7_000, today: day("2026-11-15"), pauses: pauses))
        let monday = try #require(GoalPace.of(goal: 30_000, progress: 7_000, today: day("2026-11-16"), pauses: pauses))
        #expect(sunday.expected == monday.expected)
        #expect(sunday.jumpDaysLeft == monday.jumpDaysLeft)
    }

    @Test func daysOff_moveThePace() throws {
        let pauses = JumpPauses(pausedDays: [day("2026-11-09"), day("2026-11-10"), day("2026-10-31")])
        let pace = try #require(GoalPace.of(goal: 28_000, progress: 8_000, today: day("2026-11-11"), pauses: pauses))
        #expect(pace.jumpDays == 28)
        #expect(pace.expected == 8_000)
        #expect(pace.behindBy == 0)
        #expect(pace.aheadBy == 0)
    }

    @Test func aMonthOff_aMonthWithoutJumpDays_orNoGoal_hasNoPace() {
        let today = day("2026-11-11")
        #expect(GoalPace.of(goal: 30_000, progress: 0, today: today, pauses: JumpPauses(pausedMonths: [Month("2026-11")!])) == nil)
        #expect(GoalPace.of(goal: 30_000, progress: 0, today: today, pauses: JumpPauses(restWeekdays: Set(Weekday.allCases))) == nil)
        #expect(GoalPace.of(goal: 0, progress: 0, today: today, pauses: .none) == nil)
        // A month off elsewhere changes nothing here.
        #expect(GoalPace.of(goal: 30_000, progress: 0, today: today, pauses: JumpPauses(pausedMonths: [Month("2026-10")!])) != nil)
    }

    @Test func reachedGoal_needsNothingMore_andIsAhead() throws {
        let pace = try #require(GoalPace.of(goal: 10_000, progress: 12_000, today: day("2026-11-11"), pauses: .none))
        #expect(pace.neededPerDay == 0)
        #expect(pace.behindBy == 0)
        #expect(pace.aheadBy == 12_000 - 3_333)
    }

    @Test func noJumpDayLeft_andShort_hasNoDailyNeed() throws {
        let pauses = JumpPauses(pausedDays: [day("2026-11-30")])
        let pace = try #require(GoalPace.of(goal: 10_000, progress: 9_000, today: day("2026-11-30"), pauses: pauses))
        #expect(pace.jumpDaysLeft == 0)
        #expect(pace.neededPerDay == nil)
        #expect(pace.expected == 10_000)
        #expect(pace.behindBy == 1_000)
        // On the last day itself, the whole rest is today's need.
        let lastDay = try #require(GoalPace.of(goal: 10_000, progress: 9_000, today: day("2026-11-30"), pauses: .none))
        #expect(lastDay.neededPerDay == 1_000)
    }

    /// Whoever jumps each jump day what the pace asks reaches the goal, and is never behind.
    @Test func followingTheDailyNeed_reachesTheGoal_neverBehind() throws {
        var generator = SeededGenerator(seed: 54)
        for _ in 0..<300 {
            let month = Month(year: 2026, month: Int.random(in: 1...12, using: &generator))!
            let rest = Set(Weekday.allCases.filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }.prefix(6))
            let off = Set(
                (1...month.dayCount).filter { _ in Int.random(in: 0..<8, using: &generator) == 0 }.map {
                    LocalDate(year: month.year, month: month.month, day: $0)!
                })
            let pauses = JumpPauses(restWeekdays: rest, pausedDays: off)
            let goal = Int.random(in: 1...1_000_000, using: &generator)
            guard pauses.jumpDays(in: month) > 0 else { continue }
            var progress = 0
            for dayNumber in 1...month.dayCount {
                let today = LocalDate(year: month.year, month: month.month, day: dayNumber)!
                let pace = try #require(GoalPace.of(goal: goal, progress: progress, today: today, pauses: pauses))
                #expect(pace.behindBy == 0)
                if pauses.isJumpDay(today) { progress += try #require(pace.neededPerDay) }
            }
            #expect(progress >= goal)
        }
    }

    private func summary(_ month: String, goal: Int?, jumps: Int) -> MonthSummary {
        GoalHistory.summary(
            for: Month(month)!, goals: goal.map { MonthGoals(jumpGoal: $0, calorieGoal: 0) }, totals: MonthTotals(jumps: jumps))
    }

    @Test func streak_countsMonthsReached_passingOverMonthsOff() {
        let current = Month("2026-11")!
        let history = [
            summary("2026-11", goal: 10_000, jumps: 4_000), // running: does not end the streak
            summary("2026-10", goal: 10_000, jumps: 10_000),
            summary("2026-09", goal: 10_000, jumps: 0), // a month off
            summary("2026-08", goal: 10_000, jumps: 12_000),
            summary("2026-07", goal: 10_000, jumps: 9_999),
            summary("2026-06", goal: 10_000, jumps: 20_000),
        ]
        #expect(GoalStreak.months(history, current: current, pausedMonths: [Month("2026-09")!]) == 2)
        #expect(GoalStreak.months(history, current: current, pausedMonths: []) == 1)
        var reachedNow = history
        reachedNow[0] = summary("2026-11", goal: 10_000, jumps: 10_500)
        #expect(GoalStreak.months(reachedNow, current: current, pausedMonths: [Month("2026-09")!]) == 3)
        #expect(GoalStreak.months([summary("2026-11", goal: nil, jumps: 900)], current: current, pausedMonths: []) == 0)
    }
}

@Suite struct GoalMonthProgressTests {
    @Test func pastMonths_carryTheirTotals_theCurrentMonthItsPace() {
        let today = LocalDate("2026-11-11")!
        let september = GoalHistory.summary(for: Month("2026-09")!, goals: nil, totals: MonthTotals(jumps: 4_200, calories: 310))
        let past = GoalMonthProgress.of(september, today: today, pauses: .none)
        #expect(past.jumps.total == 4_200)
        #expect(past.jumps.goal == nil)
        #expect(!past.jumps.reached)
        #expect(past.calories.total == 310)
        #expect(past.jumps.pace == nil)

        let november = GoalHistory.summary(
            for: Month("2026-11")!, goals: MonthGoals(jumpGoal: 30_000, calorieGoal: 3_000),
            totals: MonthTotals(jumps: 7_000, calories: 3_100))
        let current = GoalMonthProgress.of(november, today: today, pauses: .none)
        #expect(current.jumps.pace?.neededPerDay == 1_150)
        #expect(current.calories.reached)
        #expect(current.calories.pace?.neededPerDay == 0)
        let off = GoalMonthProgress.of(november, today: today, pauses: JumpPauses(pausedMonths: [Month("2026-11")!]))
        #expect(off.paused)
        #expect(off.jumps.pace == nil)
    }
}

@Suite struct JumpPausesInputTests {
    @Test func readsEachList_repeatsCountOnce_andLeftOutListsAreEmpty() throws {
        let pauses = try JumpPausesInput.validate([
            "restWeekdays": .array([.string("sunday"), .string("sunday"), .string("wednesday")]),
            "pausedDays": .array([.string("2026-12-24")]),
        ]).get()
        #expect(pauses.restWeekdays == [.sunday, .wednesday])
        #expect(pauses.pausedDays == [LocalDate("2026-12-24")!])
        #expect(pauses.pausedMonths == [])
    }

    @Test func everyProblem_isNamed() {
        let result = JumpPausesInput.validate([
            "restWeekdays": .array(Weekday.allCases.map { .string($0.rawValue) }),
            "pausedDays": .array([.string("2026-12-24"), .string("24.12.2026")]),
            "pausedMonths": .array((0...JumpPauses.maximumPausedMonths).map { _ in .string("2027-01") }),
            "vacation": .bool(true),
        ])
        guard case .failure(let errors) = result else {
            Issue.record("accepted")
            return
        }
        #expect(errors.messages["restWeekdays"] == "error.pauses.everyDay")
        #expect(errors.messages["pausedDays[1]"] == "error.session.dateFormat")
        #expect(errors.messages["pausedMonths"] == "error.pauses.tooMany")
        #expect(errors.messages["vacation"] == "error.field.unknown")
    }
}
