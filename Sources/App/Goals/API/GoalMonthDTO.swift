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

/// The goals array is the parks' most requested answer: it is written with ``JSONWriter``, in
/// the same shape (and key order) as `JSONEncoder` with sorted keys writes the `Codable` form.
extension GoalMonthDTO: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let calorie {
            writer.key("calorie")
            calorie.write(to: &writer)
        }
        writer.member("date", date)
        if let jump {
            writer.key("jump")
            jump.write(to: &writer)
        }
        if let lastSession {
            writer.key("lastSession")
            writer.beginObject()
            writer.member("date", lastSession.date)
            writer.member("endTime", lastSession.endTime)
            writer.member("numberOfCalories", lastSession.numberOfCalories)
            writer.member("numberOfJumps", lastSession.numberOfJumps)
            writer.member("parkName", lastSession.parkName)
            writer.member("startTime", lastSession.startTime)
            writer.endObject()
        }
        writer.endObject()
    }
}

extension GoalMonthDTO.Progress {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("currentProgress", currentProgress)
        writer.member("goal", goal)
        writer.endObject()
    }
}
