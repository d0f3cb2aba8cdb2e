import KineticCore
import Testing

@Suite struct MonthNavigationTests {
    private let first = Month(year: 2021, month: 3)!, current = Month(year: 2027, month: 1)!

    @Test func theRequestedMonth_isHeldWithinTheUsersMonths() {
        #expect(MonthNavigation(requested: nil, first: first, current: current).month == current)
        #expect(MonthNavigation(requested: Month(year: 2019, month: 1), first: first, current: current).month == first)
        #expect(MonthNavigation(requested: Month(year: 2030, month: 1), first: first, current: current).month == current)
        #expect(
            MonthNavigation(requested: Month(year: 2024, month: 7), first: first, current: current).month == Month(year: 2024, month: 7))
    }

    @Test func theEnds_haveNoWayFurther() {
        let atFirst = MonthNavigation(requested: first, first: first, current: current)
        #expect(atFirst.previous == nil)
        #expect(atFirst.next == Month(year: 2021, month: 4))
        #expect(!atFirst.isCurrent)
        let atCurrent = MonthNavigation(requested: nil, first: first, current: current)
        #expect(atCurrent.next == nil)
        #expect(atCurrent.previous == Month(year: 2026, month: 12))
        #expect(atCurrent.isCurrent)
        #expect(atCurrent.months == first...current)
    }

    @Test func aFirstMonthAfterTheCurrentOne_countsAsTheCurrentOne() {
        let navigation = MonthNavigation(requested: nil, first: current.next, current: current)
        #expect(navigation.month == current)
        #expect(navigation.previous == nil && navigation.next == nil)
        #expect(navigation.months == current...current)
    }
}
