import Testing

@testable import KineticCore

@Suite struct GoalHistoryTests {
    private func session(
        _ date: String, _ jumps: Int, calories: Int? = nil, start: String = "13:00", end: String = "14:00", park: String = "Plainfield"
    ) -> JumpSession {
        JumpSession(
            date: LocalDate(date)!, numberOfJumps: jumps, numberOfCalories: calories, parkName: park, startTime: TimeOfDay(start)!,
            endTime: TimeOfDay(end)!)
    }

    @Test func summaries_coverEveryMonthNewestFirst_withGoalsCarriedForward() {
        let sessions = [
            session("2015-03-02", 1_000, calories: 60),
            session("2015-05-20", 8_798, calories: 521),
            session("2015-05-03", 12_577, calories: 700, start: "10:00", end: "11:00"),
        ]
        let goals: [Month: MonthGoals] = [
            Month("2015-03")!: MonthGoals(jumpGoal: 20_000, calorieGoal: 0),
            Month("2015-05")!: MonthGoals(jumpGoal: 30_000, calorieGoal: 4_800),
        ]
        let summaries = GoalHistory.summaries(
            from: Month("2015-03")!, through: Month("2015-05")!, setGoals: goals, totals: GoalHistory.totals(of: sessions))
        #expect(summaries.map(\.month.description) == ["2015-05", "2015-04", "2015-03"])
        let may = summaries[0]
        #expect(may.jump == .init(goal: 30_000, currentProgress: 21_375))
        #expect(may.calorie == .init(goal: 4_800, currentProgress: 1_221))
        #expect(may.lastSession?.date == LocalDate("2015-05-20"))
        let april = summaries[1]
        #expect(april.jump == .init(goal: 20_000, currentProgress: 0))
        #expect(april.calorie == nil)
        #expect(april.lastSession == nil)
        #expect(summaries[2].jump?.currentProgress == 1_000)
    }

    @Test func monthsBeforeAnyGoal_haveNoGoals() {
        let summaries = GoalHistory.summaries(
            from: Month("2020-01")!, through: Month("2020-02")!, setGoals: [Month("2020-02")!: MonthGoals(jumpGoal: 5, calorieGoal: 0)],
            totals: [:])
        #expect(summaries[1].jump == nil)
        #expect(summaries[0].jump?.goal == 5)
    }

    @Test func lastSession_isTheLatestByDateThenEndTime() {
        let totals = GoalHistory.totals(of: [
            session("2020-01-10", 100, start: "18:00", end: "19:00"),
            session("2020-01-10", 200, start: "09:00", end: "10:00"),
            session("2020-01-09", 300, start: "20:00", end: "21:00"),
        ])
        #expect(totals[Month("2020-01")!]?.lastSession?.numberOfJumps == 100)
    }

    @Test func firstActiveMonth_isTheEarliestOfAccountGoalsAndSessions() {
        let first = GoalHistory.firstActiveMonth(
            accountCreated: Month("2021-06")!, setGoals: [Month("2021-06")!: MonthGoals(jumpGoal: 1, calorieGoal: 0)],
            sessionMonths: [Month("2021-02")!])
        #expect(first == Month("2021-02"))
    }

    @Test func monthArithmetic_wrapsYears() {
        #expect(Month("2015-12")!.next == Month("2016-01"))
        #expect(Month("2016-01")!.previous == Month("2015-12"))
        #expect(Month("2016-02")!.dayCount == 29)
        #expect(Month("2100-02")!.dayCount == 28)
        #expect(Month("2015-13") == nil)
        #expect(Month("15-01") == nil)
        #expect(Month.range(from: Month("2015-11")!, through: Month("2016-02")!).count == 4)
    }
}

@Suite struct JumpSessionInputTests {
    private let today = LocalDate("2026-11-22")!
    private let valid: [String: JSONValue] = [
        "date": .string("2026-11-20"), "numberOfJumps": .number(8_798), "numberOfCalories": .number(521),
        "parkName": .string("Plainfield"), "startTime": .string("13:00"), "endTime": .string("14:00"),
    ]

    @Test func validSession_isAccepted() throws {
        let session = try JumpSessionInput.validate(valid, latestDate: today).get()
        #expect(session.numberOfJumps == 8_798)
        #expect(session.numberOfCalories == 521)
        #expect(session.startTime.description == "13:00")
    }

    /// The audit: a park session of 22:30–00:30 was refused. It went on past midnight, and
    /// belongs to the date it started.
    @Test func aSessionPastMidnight_isAccepted() throws {
        var members = valid
        members["startTime"] = .string("22:30")
        members["endTime"] = .string("00:30")
        let session = try JumpSessionInput.validate(members, latestDate: today).get()
        #expect(session.minutes == 120 && session.date.description == members["date"]?.stringValue)
        members["endTime"] = .string("10:31")
        #expect(JumpSessionInput.validate(members, latestDate: today) == .failure(FieldErrors(["endTime": "error.session.tooLong"])))
    }

    @Test func calories_areOptional() throws {
        var members = valid
        members["numberOfCalories"] = nil
        #expect(try JumpSessionInput.validate(members, latestDate: today).get().numberOfCalories == nil)
        members["numberOfCalories"] = .null
        #expect(try JumpSessionInput.validate(members, latestDate: today).get().numberOfCalories == nil)
    }

    @Test(arguments: [
        ("endTime", JSONValue.string("12:59"), "error.session.tooLong"),
        ("endTime", .string("13:00"), "error.session.endBeforeStart"),
        ("numberOfJumps", .number(-1), "error.session.jumpsRange"),
        ("numberOfJumps", .string("100"), "error.field.integerExpected"),
        ("numberOfCalories", .number(-3), "error.session.caloriesRange"),
        ("date", .string("20/11/2026"), "error.session.dateFormat"),
        ("date", .string("2026-02-30"), "error.session.dateFormat"),
        ("date", .string("2026-11-23"), "error.session.dateInFuture"),
        ("startTime", .string("1pm"), "error.session.timeFormat"),
        ("parkName", .string("   "), "error.session.parkEmpty"),
        ("parkName", .number(3), "error.field.stringExpected"),
        ("rating", .number(5), "error.field.unknown"),
    ])
    func invalidMember_isReported(field: String, value: JSONValue, messageKey: String) {
        var members = valid
        members[field] = value
        #expect(JumpSessionInput.validate(members, latestDate: today) == .failure(FieldErrors([field: messageKey])))
    }

    @Test func missingMembers_areRequired() {
        let result = JumpSessionInput.validate([:], latestDate: today)
        guard case .failure(let errors) = result else {
            Issue.record("expected failure")
            return
        }
        #expect(Set(errors.messages.keys) == ["date", "numberOfJumps", "parkName", "startTime", "endTime"])
    }
}

@Suite struct CalorieEstimatorTests {
    @Test func seedExample_isCloseToTheReportedFigure() throws {
        let estimate = try #require(CalorieEstimator.estimate(jumps: 8_798, fitness: FitnessSettings(bodyType: .medium, height: 70)))
        #expect(estimate == 501)
    }

    @Test func largerBuild_burnsMore_andNoJumpsBurnNothing() throws {
        let slim = try #require(CalorieEstimator.estimate(jumps: 6_000, fitness: FitnessSettings(bodyType: .small, height: 66)))
        let large = try #require(CalorieEstimator.estimate(jumps: 6_000, fitness: FitnessSettings(bodyType: .large, height: 66)))
        #expect(large > slim)
        #expect(CalorieEstimator.estimate(jumps: 0, fitness: FitnessSettings(bodyType: .large, height: 66)) == 0)
    }

    @Test func withoutBodyTypeOrHeight_thereIsNoEstimate() {
        #expect(CalorieEstimator.estimate(jumps: 1_000, fitness: FitnessSettings(bodyType: nil, height: 70)) == nil)
        #expect(CalorieEstimator.estimate(jumps: 1_000, fitness: FitnessSettings(bodyType: .small, height: nil)) == nil)
    }

    @Test func bodyMass_followsTheBMIOfTheBuild() {
        let mass = CalorieEstimator.bodyMass(heightInches: 70, bodyType: .medium)
        #expect(abs(mass - 75.87) < 0.01)
    }
}
