/// A user's rest days, days off and months off as sent (`PUT /api/v1/goals/pauses` or the Days
/// Off form), validated into ``JumpPauses``. Each member may be left out (none of that kind).
public enum JumpPausesInput {
    /// Reads `restWeekdays` (weekday names, at most six), `pausedDays` (`yyyy-MM-dd`, at most
    /// ``JumpPauses/maximumPausedDays``) and `pausedMonths` (`yyyy-MM`, at most
    /// ``JumpPauses/maximumPausedMonths``). A repeated item counts once.
    public static func validate(_ members: [String: JSONValue]) -> Result<JumpPauses, FieldErrors> {
        var reader = JSONMemberReader(members, known: ["restWeekdays", "pausedDays", "pausedMonths"])
        var pauses = JumpPauses()
        if members["restWeekdays"] != nil,
            let weekdays = reader.names("restWeekdays", of: Weekday.self, unknownKey: "error.goal.weekdayUnknown")
        {
            if weekdays.count == Weekday.allCases.count { reader.fail("restWeekdays", "error.pauses.everyDay") }
            pauses.restWeekdays = weekdays
        }
        if let days = read(
            "pausedDays", limit: JumpPauses.maximumPausedDays, parse: LocalDate.init, formatKey: "error.session.dateFormat", reader: &reader
        ) {
            pauses.pausedDays = days
        }
        if let months = read(
            "pausedMonths", limit: JumpPauses.maximumPausedMonths, parse: Month.init, formatKey: "error.month.format", reader: &reader)
        {
            pauses.pausedMonths = months
        }
        return reader.result(pauses)
    }

    /// An optional list of dates or months: over `limit` items is refused before any is read.
    private static func read<Value: Hashable>(
        _ name: String, limit: Int, parse: (String) -> Value?, formatKey: String, reader: inout JSONMemberReader
    ) -> Set<Value>? {
        guard let member = reader.members[name] else { return nil }
        if case .array(let items) = member, items.count > limit {
            reader.fail(name, "error.pauses.tooMany")
            return nil
        }
        guard let texts = reader.strings(name, missingKey: "error.field.arrayExpected") else { return nil }
        var values = Set<Value>()
        for (index, text) in texts.enumerated() {
            if let value = parse(text) { values.insert(value) } else { reader.fail("\(name)[\(index)]", formatKey) }
        }
        return values
    }
}
