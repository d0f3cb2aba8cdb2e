import Fluent
import Foundation
import KineticCore
import SQLKit
import Testing
import VaporTesting

@testable import App

/// The migration that adds the unique key first removes the copies retried reports stored
/// before it, keeping one, and recounts their month.
@Suite struct JumpSessionNaturalKeyMigrationTests {
    @Test func copies_areRemoved_theMonthRecounted_andTheKeyHolds() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let userID = try #require(UUID(uuidString: account.customerId))
            let sql = try app.db.sql()
            try await sql.drop(index: "jump_sessions_natural_key").run()
            let today = app.userCalendar.today
            let visit = JumpSession(
                date: today, numberOfJumps: 700, numberOfCalories: 50, parkName: "Plainfield", startTime: TimeOfDay("10:00")!,
                endTime: TimeOfDay("11:00")!)
            var other = visit
            other.startTime = TimeOfDay("12:00")!
            other.endTime = TimeOfDay("13:00")!
            for session in [visit, visit, visit, other] {
                try await JumpSessionRecord(userID: userID, session: session, caloriesEstimated: false).create(on: app.db)
            }
            try await GoalsRepository(database: app.db, userID: userID).refreshMonthTotals(Month(today))
            #expect(try await JumpMonthTotalRecord.query(on: app.db).first()?.jumps == 2_800)

            try await AddJumpSessionNaturalKey().prepare(on: app.db)

            #expect(try await JumpSessionRecord.query(on: app.db).count() == 2)
            #expect(try await JumpMonthTotalRecord.query(on: app.db).first()?.jumps == 1_400)
            await #expect(throws: (any Error).self) {
                try await JumpSessionRecord(userID: userID, session: visit, caloriesEstimated: false).create(on: app.db)
            }
        }
    }
}
