import Fluent
import Foundation
import KineticCore
import SQLKit

/// Reads and writes jump sessions and monthly goals for one user.
struct GoalsRepository {
    let database: Database
    let userID: UUID

    /// Sets the goals of `month`, replacing what that month had; other months keep theirs.
    func setGoals(_ goals: MonthGoals, for month: Month) async throws {
        if let existing = try await MonthlyGoalRecord.query(on: database)
            .filter(\.$user.$id == userID).filter(\.$month == month.description).first() {
            existing.jumpGoal = goals.jumpGoal
            existing.calorieGoal = goals.calorieGoal
            try await existing.save(on: database)
        } else {
            try await MonthlyGoalRecord(userID: userID, month: month, goals: goals).create(on: database)
        }
    }

    /// The goals set, by the month they were set for.
    func setGoals() async throws -> [Month: MonthGoals] {
        let records = try await MonthlyGoalRecord.query(on: database).filter(\.$user.$id == userID).all()
        return Dictionary(records.compactMap { record in Month(record.month).map { ($0, record.goals) } }, uniquingKeysWith: { first, _ in first })
    }

    /// Each month's totals and last session, computed by the database in one query.
    func monthTotals() async throws -> [Month: MonthTotals] {
        guard let sql = database as? SQLDatabase else { return [:] }
        let rows = try await sql.raw("""
            SELECT month, date, number_of_jumps, number_of_calories, park_name, start_time, end_time, total_jumps, total_calories
            FROM (
              SELECT month, date, number_of_jumps, number_of_calories, park_name, start_time, end_time,
                CAST(SUM(number_of_jumps) OVER (PARTITION BY month) AS BIGINT) AS total_jumps,
                CAST(SUM(COALESCE(number_of_calories, 0)) OVER (PARTITION BY month) AS BIGINT) AS total_calories,
                ROW_NUMBER() OVER (PARTITION BY month ORDER BY date DESC, end_time DESC, start_time DESC) AS position
              FROM jump_sessions WHERE user_id = \(bind: userID)
            ) ranked
            WHERE position = 1
            """).all()
        var totals: [Month: MonthTotals] = [:]
        for row in rows {
            guard let month = Month(try row.decode(column: "month", as: String.self)),
                  let date = LocalDate(try row.decode(column: "date", as: String.self)),
                  let start = TimeOfDay(try row.decode(column: "start_time", as: String.self)),
                  let end = TimeOfDay(try row.decode(column: "end_time", as: String.self)) else { continue }
            let last = JumpSession(
                date: date, numberOfJumps: try row.decode(column: "number_of_jumps", as: Int.self),
                numberOfCalories: try row.decode(column: "number_of_calories", as: Int?.self),
                parkName: try row.decode(column: "park_name", as: String.self), startTime: start, endTime: end
            )
            totals[month] = MonthTotals(
                jumps: try row.decode(column: "total_jumps", as: Int.self),
                calories: try row.decode(column: "total_calories", as: Int.self),
                lastSession: last
            )
        }
        return totals
    }

    /// Sessions newest first, of one month or of all time.
    func sessions(in month: Month? = nil) async throws -> [JumpSessionRecord] {
        var query = JumpSessionRecord.query(on: database).filter(\.$user.$id == userID)
        if let month { query = query.filter(\.$month == month.description) }
        return try await query.sort(\.$date, .descending).sort(\.$endTime, .descending).sort(\.$startTime, .descending).all()
    }

    /// Stores a session; calories missing from the report are estimated from the fitness settings.
    func add(_ reported: JumpSession, fitness: FitnessSettings) async throws -> JumpSessionRecord {
        var session = reported
        var estimated = false
        if session.numberOfCalories == nil, let estimate = CalorieEstimator.estimate(jumps: session.numberOfJumps, fitness: fitness) {
            session.numberOfCalories = estimate
            estimated = true
        }
        let record = JumpSessionRecord(userID: userID, session: session, caloriesEstimated: estimated)
        try await record.create(on: database)
        return record
    }
}
