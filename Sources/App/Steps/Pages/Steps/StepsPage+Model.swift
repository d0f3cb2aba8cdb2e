import Fluent
import Foundation
import KineticCore

extension StepsPage {
    struct Model {
        /// The month shown and the month bar's way around the months with data, up to now.
        let navigation: MonthNavigation
        var month: Month { navigation.month }
        /// Steps by day of the month, from the stored samples (the chart's source of truth).
        let chart: StepChartGeometry
        /// The month's total from the daily-totals cache (the achievements' source).
        let monthTotal: Int
        /// The badges drawn (at most ``StepAchievements/maximumShown``).
        let badges: [Int]
        /// Every badge the month earned, drawn or not.
        let badgeCount: Int
        let hasAnyData: Bool
        var isCurrentMonth: Bool { navigation.isCurrent }
        /// The user's latest Apple Health import, and the day it ran (in the user's time zone).
        let lastImport: (summary: StepImport, day: LocalDate)?
        /// Whether the page opens straight after that import (its summary is announced on top).
        let justImported: Bool
        /// How many samples and days of the month are set aside, and the first of their days.
        var setAside: (count: Int, firstDay: LocalDate)?
    }

    /// Loads the Steps page of one month for one user; no HTTP in here.
    struct Loader {
        let database: Database
        let userID: UUID
        let clock: UserCalendar

        /// The page of `requested` (clamped to the months with data, up to now); `importID`
        /// names the import the user has just finished, if any.
        func load(month requested: Month?, importID: UUID? = nil) async throws -> Model {
            let repository = StepsRepository(database: database, userID: userID)
            let current = clock.currentMonth
            let firstDay = try await repository.storedDays()?.lowerBound
            let navigation = MonthNavigation(
                requested: requested, first: firstDay.map { Month(LocalDate(daysSince1970: $0)) } ?? current, current: current)
            let month = navigation.month
            let monthStart = LocalDate(year: month.year, month: month.month, day: 1)!
            let monthEnd = LocalDate(year: month.year, month: month.month, day: month.dayCount)!
            // The chart reads the stored samples; the achievements read the daily-totals cache.
            let samples = try await repository.samples(startingOn: (monthStart.daysSince1970 - 1)...monthEnd.daysSince1970)
            let ranking = try await StepSourcesRepository(database: database, userID: userID).ranking()
            let claims = try await StepClaimsRepository(database: database, userID: userID).all()
            let anyway = try await StepCountedAnywayRepository(database: database, userID: userID).load()
            // As the totals are counted: what no person took is set aside, unless counted anyway.
            let counted = StepPlausibility.totals(samples, claims: claims, ranking: ranking, anyway: anyway)
            var steps: [Int: Int] = [:]
            for (date, total) in DailyStepTotals.rounded(counted.totals) where Month(date) == month {
                steps[date.day] = total
            }
            let setAsideDays =
                counted.setAsideSamples.map { LocalDate(daysSince1970: DailyStepTotals.localDay($0.start, offset: $0.utcOffset)) }
                + Array(counted.setAsideDays.keys)
            let setAsideThisMonth = setAsideDays.filter { Month($0) == month }
            let monthTotal = try await repository.dailyTotals(from: monthStart, to: monthEnd).lazy.map(\.steps).saturatingSum()
            let lastImport = try await StepImportsRepository(database: database, userID: userID).latest()
            let isCurrent = month == current
            let today = clock.today
            return Model(
                navigation: navigation,
                chart: StepChartGeometry(
                    dayCount: month.dayCount, steps: steps, lastDay: isCurrent ? today.day : month.dayCount,
                    today: isCurrent ? today.day : nil,
                    // Days before the first data are not plotted as zeros.
                    firstDay: firstDay.map { LocalDate(daysSince1970: $0) }.map {
                        Month($0) == month ? $0.day : ($0 < monthStart ? 1 : month.dayCount + 1)
                    }
                        ?? 1),
                monthTotal: monthTotal,
                badges: StepAchievements.earned(monthTotal: monthTotal),
                badgeCount: StepAchievements.count(monthTotal: monthTotal),
                hasAnyData: firstDay != nil,
                lastImport: lastImport.map { ($0, LocalDate(containing: $0.importedAt, in: clock.timeZone)) },
                justImported: importID != nil && importID == lastImport?.id,
                setAside: setAsideThisMonth.min().map { (setAsideThisMonth.count, $0) }
            )
        }
    }
}
