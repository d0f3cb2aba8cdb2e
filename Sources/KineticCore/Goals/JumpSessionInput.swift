import Foundation

/// A jump session as reported (API or form), validated into a ``JumpSession``.
public enum JumpSessionInput {
    /// Validates the members of a reported session. `calories` may be absent or null.
    /// `latestDate` is the last date a session may have (today where the user is).
    public static func validate(_ members: [String: JSONValue], latestDate: LocalDate) -> Result<JumpSession, FieldErrors> {
        var reader = JSONMemberReader(members, known: ["date", "numberOfJumps", "numberOfCalories", "parkName", "startTime", "endTime"])
        let date = reader.string("date").flatMap { text -> LocalDate? in
            guard let date = LocalDate(text) else {
                reader.fail("date", "error.session.dateFormat")
                return nil
            }
            guard date <= latestDate else {
                reader.fail("date", "error.session.dateInFuture")
                return nil
            }
            guard date >= JumpSession.earliestDate else {
                reader.fail("date", "error.session.dateTooEarly")
                return nil
            }
            return date
        }
        let start = reader.string("startTime").flatMap { text -> TimeOfDay? in
            guard let time = TimeOfDay(text) else {
                reader.fail("startTime", "error.session.timeFormat")
                return nil
            }
            return time
        }
        let end = reader.string("endTime").flatMap { text -> TimeOfDay? in
            guard let time = TimeOfDay(text) else {
                reader.fail("endTime", "error.session.timeFormat")
                return nil
            }
            return time
        }
        // An end earlier in the day than the start is past midnight (22:30–00:30); the same time
        // is no session at all.
        if let start, let end, end == start { reader.fail("endTime", "error.session.endBeforeStart") }
        if let start, let end, end != start, JumpSession.minutes(from: start, to: end) > JumpSession.maximumMinutes {
            reader.fail("endTime", "error.session.tooLong")
        }

        let park = reader.string("parkName").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let park, park.isEmpty { reader.fail("parkName", "error.session.parkEmpty") }
        if let park, park.count > JumpSession.maximumParkNameLength { reader.fail("parkName", "error.session.parkTooLong") }

        let jumps = reader.integer("numberOfJumps")
        if let jumps, !(0...JumpSession.maximumJumps).contains(jumps) { reader.fail("numberOfJumps", "error.session.jumpsRange") }
        // Calories may be absent or null: Kinetic estimates them.
        let calories = reader.nullableInteger("numberOfCalories") ?? nil
        if let calories, !(0...JumpSession.maximumCalories).contains(calories) {
            reader.fail("numberOfCalories", "error.session.caloriesRange")
        }

        return reader.result(
            { () -> JumpSession? in
                guard let date, let start, let end, let park, let jumps else { return nil }
                return JumpSession(
                    date: date, numberOfJumps: jumps, numberOfCalories: calories, parkName: park, startTime: start, endTime: end)
            }())
    }
}
