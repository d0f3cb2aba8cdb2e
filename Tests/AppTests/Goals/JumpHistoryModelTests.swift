import Foundation
import KineticCore
import Testing

@testable import App

/// Jump History's page model, without HTTP: sessions grouped by month in the order given.
@Suite struct JumpHistoryModelTests {
    private func stored(_ date: String, jumps: Int, calories: Int?) -> StoredJumpSession {
        StoredJumpSession(
            id: UUID(),
            session: JumpSession(
                date: LocalDate(date)!, numberOfJumps: jumps, numberOfCalories: calories, parkName: "Plainfield",
                startTime: TimeOfDay("13:00")!, endTime: TimeOfDay("14:00")!
            ), caloriesEstimated: calories == nil)
    }

    @Test func sessionsAreGroupedByMonth_withTheMonthsTotals() {
        let sessions = [
            stored("2027-01-12", jumps: 500, calories: 30), stored("2027-01-02", jumps: 1_000, calories: nil),
            stored("2026-11-30", jumps: 200, calories: 12),
        ]
        let model = JumpHistoryPage.Model(sessions: sessions, form: .init(), added: false, today: LocalDate("2027-01-15")!)
        #expect(model.groups.map(\.month) == [Month("2027-01")!, Month("2026-11")!])
        #expect(model.groups[0].sessions.count == 2)
        #expect(model.groups[0].jumps == 1_500)
        #expect(model.groups[0].calories == 30, "a session without calories counts as none")
        #expect(model.groups[1].jumps == 200)
    }

    @Test func aStoredSession_holdsAReportOnlyWithTheSameFigures() {
        let session = stored("2027-01-12", jumps: 500, calories: 30)
        var report = session.session
        #expect(session.holds(report))
        report.numberOfCalories = nil
        #expect(session.holds(report), "a report leaving calories to the estimate says the same")
        report.numberOfJumps = 501
        #expect(!session.holds(report))
    }
}
