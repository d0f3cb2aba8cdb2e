import Testing

@testable import KineticCore

@Suite struct SendingLimitsTests {
    let limits = SendingLimits(perHour: 3, perDay: 5, firstDay: 2)
    let now = 1_800_000_000.0
    let oldAccount = 1_700_000_000.0

    @Test func withinBothWindows_passes() {
        #expect(limits.check(adding: 3, at: now, others: [], createdAt: oldAccount) == nil)
        #expect(limits.check(adding: 1, at: now, others: [now - 4000, now - 5000, now - 100], createdAt: oldAccount) == nil)
    }

    @Test func theHour_freesWhenItsOldestLeaves() {
        let earlier = [now - 3000, now - 1200, now - 60]
        #expect(
            limits.check(adding: 1, at: now, others: earlier, createdAt: oldAccount)
                == .init(limit: 3, window: 3600, freesAt: now - 3000 + 3600))
        // Those going later than now take no room now.
        #expect(limits.check(adding: 1, at: now, others: [now - 3000, now + 3000, now + 3500], createdAt: oldAccount) == nil)
        #expect(
            limits.check(adding: 2, at: now, others: earlier, createdAt: oldAccount)
                == .init(limit: 3, window: 3600, freesAt: now - 1200 + 3600))
    }

    @Test func theDay_countsWhatTheHourForgot() {
        let earlier = [now - 79_980, now - 70_000, now - 60_000, now - 50_000, now - 7200]
        #expect(
            limits.check(adding: 1, at: now, others: earlier, createdAt: oldAccount)
                == .init(limit: 5, window: 86_400, freesAt: now - 79_980 + 86_400))
        // Send times are whole minutes: room from the minute it has begun by.
        #expect(
            limits.check(adding: 1, at: now, others: [now - 80_000] + earlier.dropFirst(), createdAt: oldAccount)?.freesAt == now + 6_420)
        #expect(limits.check(adding: 1, at: now, others: [now - 90_000] + earlier.dropFirst(), createdAt: oldAccount) == nil)
    }

    @Test func aNewAccount_getsTheFirstDaysLimit_andMoreThanALimitNeverFits() {
        #expect(limits.allowance(createdAt: now - 3600, at: now) == (2, 2, true))
        #expect(limits.allowance(createdAt: now - 90_000, at: now) == (3, 5, false))
        // Three at once never fit in the first day: from its end they do.
        #expect(
            limits.check(adding: 3, at: now, others: [], createdAt: now - 60)
                == .init(limit: 2, window: 86_400, freesAt: now - 60 + 86_400, inFirstDay: true))
        #expect(limits.check(adding: 21, at: now, others: [], createdAt: nil)?.freesAt == nil)
    }
}

/// Scheduling counts what goes out when it goes: a wish prepared a month ahead takes room in its
/// own day, not in today's.
@Suite struct SendingLimitsSchedulingTests {
    let limits = SendingLimits()
    let now = 1_800_000_000.0
    let oldAccount = 1_700_000_000.0
    var christmas: Double { now + 26 * 86_400 }

    @Test func thirtyWishesForOneMorning_fitAnEstablishedAccount_andTheDayLimitNamesTheNextDay() {
        var going: [Double] = []
        for _ in 1...30 {
            #expect(limits.checkScheduling(adding: 1, at: christmas, others: going, createdAt: oldAccount) == nil)
            going.append(christmas)
        }
        // Past 20 in the hour, the rest wait their turn when they go: the sender is told.
        #expect(limits.hourIsFull(adding: 1, at: christmas, others: going, createdAt: oldAccount))
        #expect(!limits.hourIsFull(adding: 1, at: christmas + 3600, others: going, createdAt: oldAccount))
        going += Array(repeating: christmas + 7200, count: 20)
        // The day holds 50: a 51st that day has room from the hour the first 30 leave the day.
        #expect(
            limits.checkScheduling(adding: 1, at: christmas + 10_000, others: going, createdAt: oldAccount)
                == .init(limit: 50, window: 86_400, freesAt: christmas + 86_400))
        // Other days are not touched: today, the day after, a week later.
        for time in [now + 60, christmas + 86_400 + 7200, christmas + 7 * 86_400] {
            #expect(limits.checkScheduling(adding: 20, at: time, others: going, createdAt: oldAccount) == nil)
        }
        // More than an hour's limit in one wish never fits.
        #expect(limits.checkScheduling(adding: 21, at: now + 60, others: [], createdAt: oldAccount)?.freesAt == nil)
    }

    @Test func aNewAccountsFirstDay_limitsOnlyWhatGoesOutInIt() {
        let made = now - 600
        var going: [Double] = []
        for minute in 1...10 {
            #expect(limits.checkScheduling(adding: 1, at: now + Double(minute) * 60, others: going, createdAt: made) == nil)
            going.append(now + Double(minute) * 60)
        }
        // The eleventh in the first day: room once that day is over, named as such.
        #expect(
            limits.checkScheduling(adding: 1, at: now + 7200, others: going, createdAt: made)
                == .init(limit: 10, window: 86_400, freesAt: made + 86_400, inFirstDay: true))
        // What goes out after the first day takes none of its room.
        let later = Array(repeating: made + 86_400 + 60, count: 6)
        #expect(limits.checkScheduling(adding: 1, at: now + 60, others: later, createdAt: made) == nil)
        // Prepared for a month ahead, an established account's limits apply.
        #expect(limits.checkScheduling(adding: 20, at: christmas, others: going, createdAt: made) == nil)
        #expect(limits.checkScheduling(adding: 11, at: now + 3 * 86_400, others: going, createdAt: made) == nil)
    }

    @Test func theFullestWindow_holdingATime_isFoundWhereverItStarts() {
        // Points at 0, 10, 20, 95; windows of 30 holding 25: [0, 30) holds 3, [20, 50) holds 1.
        #expect(SendingLimits.fullestWindow(holding: 25, length: 30, sorted: [0, 10, 20, 95]) == 3)
        // A window is half-open: one exactly a length before is out of every window holding the time.
        #expect(SendingLimits.fullestWindow(holding: 30, length: 30, sorted: [0, 10, 20, 95]) == 2)
        // Later ones count too: [80, 110) holds 95 and 100.
        #expect(SendingLimits.fullestWindow(holding: 80, length: 30, sorted: [0, 95, 100, 200]) == 2)
        #expect(SendingLimits.fullestWindow(holding: 80, length: 30, sorted: []) == 0)
    }
}

@Suite struct ConnectionsPostTests {
    @Test func thePost_namesTheSender_neutralisesHTML_andHoldsNoAddress() {
        let post = ConnectionsPost.content(
            senderName: "Mallory <b>", subject: "<img src=x onerror=alert(1)> Hi", message: "Tom & Jerry's \"party\"")
        #expect(
            post == "&lt;img src=x onerror=alert(1)&gt; Hi\n\nTom &amp; Jerry&#39;s &quot;party&quot;\n\n— Mallory &lt;b&gt; (via Kinetic)")
        #expect(!post.contains("<") && !post.contains("@"))
    }
}
