import Foundation
import KineticCore
import Testing

@Suite struct WorkoutGoalTests {
    private let arms = WorkoutGoal(
        name: "Arms", description: "", times: 10, categories: [.strength], muscles: [.biceps, .triceps],
        minutes: 20, daysPerWeek: 2, reminderDays: [.monday, .thursday]
    )

    private func day(_ text: String) -> LocalDate { LocalDate(text)! }

    private func workout(
        _ text: String, categories: Set<Exercise.Category> = [.strength], muscles: Set<Exercise.Muscle> = [.biceps], minutes: Int = 20
    ) -> CompletedWorkout {
        CompletedWorkout(day: day(text), categories: categories, muscles: muscles, seconds: minutes * 60)
    }

    @Test func weekdays_followTheCalendar() {
        #expect(Weekday(day("1970-01-01")) == .thursday)
        #expect(Weekday(day("2026-11-23")) == .monday)
        #expect(Weekday(day("1969-12-28")) == .sunday)
        #expect(Weekday.sunday.calendarNumber == 1 && Weekday.saturday.calendarNumber == 7)
        #expect(Weekday.allCases.allSatisfy { Weekday(calendarNumber: $0.calendarNumber) == $0 })
        #expect(Weekday.week(startingOn: .sunday).first == .sunday && Weekday.week(startingOn: .sunday).last == .saturday)
    }

    @Test func aWorkoutCounts_whenItSharesACategoryAndAMuscle_andIsLongEnough() {
        #expect(arms.counts(workout("2026-11-23")))
        #expect(!arms.counts(workout("2026-11-23", categories: [.cardio])))
        #expect(!arms.counts(workout("2026-11-23", muscles: [.calves])))
        #expect(!arms.counts(workout("2026-11-23", minutes: 19)))
        var any = arms
        any.categories = []
        any.muscles = []
        any.minutes = nil
        #expect(any.counts(workout("2026-11-23", categories: [.cardio], muscles: [.calves], minutes: 5)))
    }

    @Test func progress_countsDaysOfThisWeek_andWorkoutsSinceTheGoalWasSet() {
        // Monday 2026-11-23; weeks from Monday.
        let workouts = [
            workout("2026-11-10"), // before the goal
            workout("2026-11-20"), workout("2026-11-21"), // last week
            workout("2026-11-23"), workout("2026-11-23"), // twice on Monday: one day
            workout("2026-11-24", categories: [.cardio]), // does not count
            workout("2026-11-26"), // Thursday, after "today"
        ]
        let monday = WorkoutGoalProgress(
            goal: arms, since: day("2026-11-15"), workouts: workouts, today: day("2026-11-23"), firstWeekday: .monday)
        #expect(monday.total == 4 && monday.daysThisWeek == 1)
        #expect(!monday.reminderDue, "done today")
        let fromSunday = WorkoutGoalProgress(
            goal: arms, since: day("2026-11-15"), workouts: workouts, today: day("2026-11-23"), firstWeekday: .sunday)
        #expect(fromSunday.daysThisWeek == 1)
        let thursday = WorkoutGoalProgress(
            goal: arms, since: day("2026-11-15"), workouts: Array(workouts.prefix(5)), today: day("2026-11-26"), firstWeekday: .monday)
        #expect(thursday.reminderDue, "a reminder day, one of two days done")
        let wednesday = WorkoutGoalProgress(
            goal: arms, since: day("2026-11-15"), workouts: [], today: day("2026-11-25"), firstWeekday: .monday)
        #expect(!wednesday.reminderDue, "not a reminder day")
        var twice = arms
        twice.times = 2
        let reached = WorkoutGoalProgress(
            goal: twice, since: day("2026-11-15"), workouts: [workout("2026-11-20"), workout("2026-11-21")], today: day("2026-11-26"),
            firstWeekday: .monday)
        #expect(reached.isReached && !reached.reminderDue)
    }

    @Test func theInput_isCheckedField_byField() throws {
        let goal = try WorkoutGoalInput.validate([
            "name": .string("  Arms  "), "times": .number(10), "categories": .array([.string("strength")]),
            "muscles": .array([.string("biceps")]), "minutes": .number(20), "daysPerWeek": .number(2),
            "reminderDays": .array([.string("monday"), .string("thursday")]),
        ]).get()
        #expect(
            goal
                == WorkoutGoal(
                    name: "Arms", description: "", times: 10, categories: [.strength], muscles: [.biceps], minutes: 20, daysPerWeek: 2,
                    reminderDays: [.monday, .thursday]))
        func problems(_ members: [String: JSONValue]) -> [String: String] {
            if case .failure(let errors) = WorkoutGoalInput.validate(members) { return errors.messages }
            return [:]
        }
        let base: [String: JSONValue] = ["name": .string("Arms"), "times": .number(3), "daysPerWeek": .number(1)]
        #expect(problems(base).isEmpty)
        #expect(problems(base.merging(["name": .string(" ")]) { $1 }) == ["name": "error.field.required"])
        #expect(problems(base.merging(["times": .number(0)]) { $1 }) == ["times": "error.goal.timesRange"])
        #expect(problems(base.merging(["daysPerWeek": .number(8)]) { $1 }) == ["daysPerWeek": "error.goal.daysPerWeekRange"])
        #expect(problems(base.merging(["minutes": .number(2)]) { $1 }) == ["minutes": "error.goal.minutesRange"])
        #expect(problems(base.merging(["muscles": .array([.string("wings")])]) { $1 }) == ["muscles[0]": "error.workout.muscleUnknown"])
        #expect(
            problems(base.merging(["reminderDays": .array([.string("monday"), .string("friday")])]) { $1 }) == [
                "reminderDays": "error.goal.tooManyReminderDays"
            ])
        #expect(
            problems(base.merging(["reminderDays": .array([.string("someday")])]) { $1 }) == [
                "reminderDays[0]": "error.goal.weekdayUnknown"
            ])
        #expect(
            problems(base.merging(["description": .string(String(repeating: "a", count: 501))]) { $1 }) == [
                "description": "error.goal.descriptionTooLong"
            ])
    }

    @Test func aReminder_goesFromNineInTheMorning_ofItsOwnersDay() {
        // 2027-01-15 07:59:59 UTC is 08:59:59 in Berlin, 16:59:59 in Tokyo, 02:59:59 in New
        // York, and 23:59:59 the day before in Los Angeles.
        let instant = Date(timeIntervalSince1970: 1_800_000_000 - 1)
        #expect(!WorkoutGoalReminderTime.hasCome(at: instant, in: TimeZone(identifier: "Europe/Berlin")!))
        #expect(WorkoutGoalReminderTime.hasCome(at: instant.addingTimeInterval(1), in: TimeZone(identifier: "Europe/Berlin")!))
        #expect(WorkoutGoalReminderTime.hasCome(at: instant, in: TimeZone(identifier: "Asia/Tokyo")!))
        #expect(!WorkoutGoalReminderTime.hasCome(at: instant, in: TimeZone(identifier: "America/New_York")!))
        #expect(WorkoutGoalReminderTime.hasCome(at: instant, in: TimeZone(identifier: "America/Los_Angeles")!))
    }

    @Test func aWorkoutSentLate_countsWhenItEnded_withinAWeek_andNeverLater() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(CompletionTime.recorded(finishedAt: nil, now: now) == now)
        #expect(CompletionTime.recorded(finishedAt: now.addingTimeInterval(-86_400), now: now) == now.addingTimeInterval(-86_400))
        #expect(CompletionTime.recorded(finishedAt: now.addingTimeInterval(600), now: now) == now, "a fast clock")
        #expect(CompletionTime.recorded(finishedAt: now.addingTimeInterval(-30 * 86_400), now: now) == now.addingTimeInterval(-7 * 86_400))
    }
}
