import KineticCore
import Vapor

/// One element of the goals array, in the seed's exact shape: `jump`, `calorie` and
/// `lastSession` are left out when the month has no such goal or no session.
struct GoalMonthDTO: Content {
    struct Progress: Content {
        let goal: Int
        let currentProgress: Int
    }

    struct LastSession: Content {
        let date: String
        let numberOfJumps: Int
        @NullEncoded var numberOfCalories: Int?
        let parkName: String
        let startTime: String
        let endTime: String
    }

    let date: String
    let jump: Progress?
    let calorie: Progress?
    let lastSession: LastSession?

    init(_ summary: MonthSummary) {
        date = summary.month.description
        jump = summary.jump.map { Progress(goal: $0.goal, currentProgress: $0.currentProgress) }
        calorie = summary.calorie.map { Progress(goal: $0.goal, currentProgress: $0.currentProgress) }
        lastSession = summary.lastSession.map {
            LastSession(
                date: $0.date.description, numberOfJumps: $0.numberOfJumps, numberOfCalories: $0.numberOfCalories,
                parkName: $0.parkName, startTime: $0.startTime.description, endTime: $0.endTime.description
            )
        }
    }
}
