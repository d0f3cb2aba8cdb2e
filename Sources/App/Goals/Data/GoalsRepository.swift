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
            .filter(\.$user.$id == userID).filter(\.$month == month.description).first()
        {
            existing.jumpGoal = goals.jumpGoal
            existing.calorieGoal = goals.calorieGoal
            try await existing.save(on: database)
        } else {
            try await MonthlyGoalRecord(userID: userID, month: month, goals: goals).create(on: database)
        }
        try await GoalHistorySnapshots(database: database, userID: userID).invalidate()
    }

    /// The user's rest days, days off and months off.
    func pauses() async throws -> JumpPauses {
        JumpPauseRecord.pauses(of: try await JumpPauseRecord.query(on: database).filter(\.$user.$id == userID).all())
    }

    /// Replaces the user's rest days, days off and months off with `pauses`, at once. Two
    /// replacements at the same moment take turns (on PostgreSQL the user's row is locked first;
    /// SQLite writes one transaction at a time): one whole set is kept, never a mix of both.
    func setPauses(_ pauses: JumpPauses) async throws {
        let userID = self.userID
        try await database.writeTransaction { transaction in
            if let sql = transaction as? any SQLDatabase, sql.dialect.name == "postgresql" {
                try await sql.raw("SELECT id FROM users WHERE id = \(bind: userID) FOR UPDATE").run()
            }
            try await JumpPauseRecord.query(on: transaction).filter(\.$user.$id == userID).delete()
            let rows = JumpPauseRecord.rows(of: pauses, userID: userID)
            if !rows.isEmpty { try await rows.create(on: transaction) }
        }
    }

    /// The goals set, by the month they were set for.
    /// Read as plain rows: this is on the goals endpoint's hot path.
    func setGoals() async throws -> [Month: MonthGoals] {
        let rows = try await database.sql().raw(
            """
            SELECT month, jump_goal, calorie_goal FROM monthly_goals WHERE user_id = \(bind: userID)
            """
        ).all()
        var goals: [Month: MonthGoals] = [:]
        for row in rows {
            guard let month = Month(try row.decode(column: "month", as: String.self)), goals[month] == nil else { continue }
            goals[month] = MonthGoals(
                jumpGoal: try row.decode(column: "jump_goal", as: Int.self),
                calorieGoal: try row.decode(column: "calorie_goal", as: Int.self))
        }
        return goals
    }

    /// Each month's totals and last session, from the per-month table kept by ``add(_:fitness:)``,
    /// read as plain rows (this is the goals endpoint's hot path).
    func monthTotals() async throws -> [Month: MonthTotals] {
        let sql = try database.sql()
        let rows = try await sql.raw(
            """
            SELECT month, jumps, calories, last_date, last_jumps, last_calories, last_park_name, last_start_time, last_end_time
            FROM jump_month_totals WHERE user_id = \(bind: userID)
            """
        ).all()
        var totals: [Month: MonthTotals] = [:]
        for row in rows {
            guard let month = Month(try row.decode(column: "month", as: String.self)),
                let date = LocalDate(try row.decode(column: "last_date", as: String.self)),
                let start = TimeOfDay(try row.decode(column: "last_start_time", as: String.self)),
                let end = TimeOfDay(try row.decode(column: "last_end_time", as: String.self))
            else { continue }
            let last = JumpSession(
                date: date, numberOfJumps: try row.decode(column: "last_jumps", as: Int.self),
                numberOfCalories: try row.decode(column: "last_calories", as: Int?.self),
                parkName: try row.decode(column: "last_park_name", as: String.self), startTime: start, endTime: end
            )
            totals[month] = MonthTotals(
                jumps: try row.decode(column: "jumps", as: Int.self),
                calories: try row.decode(column: "calories", as: Int.self),
                lastSession: last
            )
        }
        return totals
    }

    /// Recomputes one month's row of the per-month table from its sessions, with the database
    /// adding up (CAST: PostgreSQL's SUM of BIGINT is NUMERIC).
    func refreshMonthTotals(_ month: Month) async throws {
        let sql = try database.sql()
        let sums = try await sql.raw(
            """
            SELECT CAST(SUM(number_of_jumps) AS BIGINT) AS jumps, CAST(SUM(COALESCE(number_of_calories, 0)) AS BIGINT) AS calories
            FROM jump_sessions WHERE user_id = \(bind: userID) AND month = \(bind: month.description)
            """
        ).first()
        guard let last = try await sessionRecords(in: month).first, let sums else { return }
        let row =
            try await JumpMonthTotalRecord.query(on: database)
            .filter(\.$user.$id == userID).filter(\.$month == month.description).first()
            ?? {
                let row = JumpMonthTotalRecord()
                row.$user.id = userID
                row.month = month.description
                return row
            }()
        row.jumps = try sums.decode(column: "jumps", as: Int?.self) ?? 0
        row.calories = try sums.decode(column: "calories", as: Int?.self) ?? 0
        row.$lastSession.id = try last.requireID()
        row.lastDate = last.date
        row.lastJumps = last.numberOfJumps
        row.lastCalories = last.numberOfCalories
        row.lastParkName = last.parkName
        row.lastStartTime = last.startTime
        row.lastEndTime = last.endTime
        try await row.save(on: database)
        try await GoalHistorySnapshots(database: database, userID: userID).invalidate()
    }

    /// Sessions newest first, of one month or of all time.
    func sessions(in month: Month? = nil) async throws -> [StoredJumpSession] {
        try await sessionRecords(in: month).compactMap(StoredJumpSession.init)
    }

    /// The sessions `parkID` reported for this user, newest first.
    func sessions(reportedBy parkID: UUID) async throws -> [StoredJumpSession] {
        try await JumpSessionRecord.query(on: database).filter(\.$user.$id == userID).filter(\.$parkID == parkID)
            .sort(\.$date, .descending).sort(\.$endTime, .descending).sort(\.$startTime, .descending).all()
            .compactMap(StoredJumpSession.init)
    }

    private func sessionRecords(in month: Month?) async throws -> [JumpSessionRecord] {
        var query = JumpSessionRecord.query(on: database).filter(\.$user.$id == userID)
        if let month { query = query.filter(\.$month == month.description) }
        return try await query.sort(\.$date, .descending).sort(\.$endTime, .descending).sort(\.$startTime, .descending).all()
    }

    /// Stores a session and updates its month's totals, together; calories missing from the
    /// report are estimated from the fitness settings.
    /// Stores a session once. A session with the same date, start, end and park is the same
    /// session (a retried request): the stored one is answered instead, also when the retries
    /// race each other (the unique key `jump_sessions_natural_key` decides).
    func add(_ reported: JumpSession, fitness: FitnessSettings, parkID: UUID? = nil) async throws -> StoredSession {
        if let stored = try await storedSession(matching: reported) { return .existing(stored) }
        var session = reported
        var estimated = false
        if session.numberOfCalories == nil, let estimate = CalorieEstimator.estimate(jumps: session.numberOfJumps, fitness: fitness) {
            session.numberOfCalories = estimate
            estimated = true
        }
        let record = JumpSessionRecord(userID: userID, session: session, caloriesEstimated: estimated, parkID: parkID)
        let userID = self.userID
        let month = Month(session.date)
        do {
            try await database.writeTransaction { transaction in
                try await record.create(on: transaction)
                try await GoalsRepository(database: transaction, userID: userID).refreshMonthTotals(month)
            }
        } catch {
            guard (error as? DatabaseError)?.isConstraintFailure == true,
                let stored = try await storedSession(matching: reported)
            else { throw error }
            return .existing(stored)
        }
        return .created(StoredJumpSession(id: try record.requireID(), session: session, caloriesEstimated: estimated, parkID: parkID))
    }

    /// Estimates the calories of the sessions that have none (pushed before the body type and
    /// height were known), and refreshes their months' totals; how many it estimated. None
    /// while the fitness settings still cannot estimate.
    @discardableResult
    func estimateMissingCalories(fitness: FitnessSettings) async throws -> Int {
        guard CalorieEstimator.estimate(jumps: 0, fitness: fitness) != nil else { return 0 }
        let missing = try await JumpSessionRecord.query(on: database).filter(\.$user.$id == userID).filter(\.$numberOfCalories == nil).all()
        var months = Set<String>()
        for record in missing {
            guard let estimate = CalorieEstimator.estimate(jumps: record.numberOfJumps, fitness: fitness) else { continue }
            record.numberOfCalories = estimate
            record.caloriesEstimated = true
            try await record.save(on: database)
            months.insert(record.month)
        }
        for month in months.compactMap(Month.init) { try await refreshMonthTotals(month) }
        return missing.filter { $0.numberOfCalories != nil }.count
    }

    private func storedSession(matching session: JumpSession) async throws -> StoredJumpSession? {
        try await JumpSessionRecord.query(on: database)
            .filter(\.$user.$id == userID)
            .filter(\.$date == session.date.description)
            .filter(\.$startTime == session.startTime.description)
            .filter(\.$endTime == session.endTime.description)
            .filter(\.$parkName == session.parkName)
            .first()
            .flatMap(StoredJumpSession.init)
    }
}

/// What ``GoalsRepository/add(_:fitness:)`` did: stored a new session, or found it stored.
enum StoredSession {
    case created(StoredJumpSession)
    case existing(StoredJumpSession)

    var stored: StoredJumpSession {
        switch self {
        case .created(let stored), .existing(let stored): stored
        }
    }
}
