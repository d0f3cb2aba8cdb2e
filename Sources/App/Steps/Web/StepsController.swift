import AppleHealth
import Fluent
import Foundation
import KineticCore
import Vapor

/// The Steps page and the export upload behind its import form.
struct StepsController {
    func show(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let repository = StepsRepository(database: request.db, userID: try user.requireID())
        let clock = request.goalsClock
        let current = clock.currentMonth
        let firstDay = try await repository.storedDays()?.lowerBound
        let first = firstDay.map { Month(LocalDate(daysSince1970: $0)) } ?? current
        let requested = request.query[String.self, at: "month"].flatMap(Month.init) ?? current
        let month = min(max(requested, min(first, current)), current)
        let monthStart = LocalDate(year: month.year, month: month.month, day: 1)!
        let monthEnd = LocalDate(year: month.year, month: month.month, day: month.dayCount)!
        // The chart reads the stored samples; the achievements read the daily-totals cache.
        let samples = try await repository.samples(startingOn: (monthStart.daysSince1970 - 1)...monthEnd.daysSince1970)
        var steps: [Int: Int] = [:]
        let ranking = try await StepSourcesRepository(database: request.db, userID: user.requireID()).ranking()
        for (date, total) in DailyStepTotals.rounded(DailyStepTotals.compute(samples, ranking: ranking)) where Month(date) == month {
            steps[date.day] = total
        }
        let monthTotal = try await repository.dailyTotals(from: monthStart, to: monthEnd).lazy.map(\.steps).saturatingSum()
        let isCurrent = month == current
        let model = StepsPage.Model(
            month: month,
            previousMonth: month > first ? month.previous : nil,
            nextMonth: month < current ? month.next : nil,
            chart: StepChartGeometry(dayCount: month.dayCount, steps: steps, lastDay: isCurrent ? clock.today.day : month.dayCount, today: isCurrent ? clock.today.day : nil),
            monthTotal: monthTotal,
            badges: StepAchievements.earned(monthTotal: monthTotal),
            badgeCount: StepAchievements.count(monthTotal: monthTotal),
            hasAnyData: firstDay != nil,
            isCurrentMonth: isCurrent
        )
        return .html(StepsPage.render(model, context: PageContext(request: request)))
    }

    /// The import form's upload: the export as the request body (sent by `js/steps/steps.js` with its
    /// progress bar), answered in JSON.
    func upload(_ request: Request) async throws -> StepsAPIController.ImportResult {
        try await StepsAPIController().upload(request)
    }
}
