/// A jump session as reported (API or form), validated into a ``JumpSession``.
public enum JumpSessionInput {
    /// Validates the members of a reported session. `calories` may be absent or null.
    /// `latestDate` is the last date a session may have (today where the user is).
    public static func validate(_ members: [String: JSONValue], latestDate: LocalDate) -> Result<JumpSession, FieldErrors> {
        var errors = FieldErrors()
        let known: Set<String> = ["date", "numberOfJumps", "numberOfCalories", "parkName", "startTime", "endTime"]
        for name in members.keys where !known.contains(name) { errors.add(name, "error.field.unknown") }

        func string(_ name: String) -> String? {
            switch members[name] {
            case nil, .null?: errors.add(name, "error.field.required"); return nil
            case .string(let text)?: return text
            case _?: errors.add(name, "error.field.stringExpected"); return nil
            }
        }

        let date = string("date").flatMap { text -> LocalDate? in
            guard let date = LocalDate(text) else { errors.add("date", "error.session.dateFormat"); return nil }
            guard date <= latestDate else { errors.add("date", "error.session.dateInFuture"); return nil }
            guard date >= JumpSession.earliestDate else { errors.add("date", "error.session.dateTooEarly"); return nil }
            return date
        }
        let start = string("startTime").flatMap { text -> TimeOfDay? in
            guard let time = TimeOfDay(text) else { errors.add("startTime", "error.session.timeFormat"); return nil }
            return time
        }
        let end = string("endTime").flatMap { text -> TimeOfDay? in
            guard let time = TimeOfDay(text) else { errors.add("endTime", "error.session.timeFormat"); return nil }
            return time
        }
        if let start, let end, end <= start { errors.add("endTime", "error.session.endBeforeStart") }
        if let start, let end, end.minutes - start.minutes > JumpSession.maximumMinutes { errors.add("endTime", "error.session.tooLong") }

        let park = string("parkName").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let park, park.isEmpty { errors.add("parkName", "error.session.parkEmpty") }
        if let park, park.count > JumpSession.maximumParkNameLength { errors.add("parkName", "error.session.parkTooLong") }

        var jumps: Int?
        switch members["numberOfJumps"] {
        case nil, .null?: errors.add("numberOfJumps", "error.field.required")
        case let value?:
            if let count = value.integerValue {
                if (0...JumpSession.maximumJumps).contains(count) { jumps = count } else { errors.add("numberOfJumps", "error.session.jumpsRange") }
            } else {
                errors.add("numberOfJumps", "error.field.integerExpected")
            }
        }

        var calories: Int?
        if let value = members["numberOfCalories"], value != .null {
            if let count = value.integerValue {
                if (0...JumpSession.maximumCalories).contains(count) { calories = count } else { errors.add("numberOfCalories", "error.session.caloriesRange") }
            } else {
                errors.add("numberOfCalories", "error.field.integerExpected")
            }
        }

        guard errors.isEmpty, let date, let start, let end, let park, let jumps else { return .failure(errors) }
        return .success(JumpSession(date: date, numberOfJumps: jumps, numberOfCalories: calories, parkName: park, startTime: start, endTime: end))
    }
}

import Foundation
