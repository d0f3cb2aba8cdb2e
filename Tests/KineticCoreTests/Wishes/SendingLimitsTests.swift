import Testing

@testable import KineticCore

@Suite struct SendingLimitsTests {
    let limits = SendingLimits(perHour: 3, perDay: 5, firstDay: 2)
    let now = 1_800_000_000.0
    let oldAccount = 1_700_000_000.0

    @Test func withinBothWindows_passes() {
        #expect(limits.check(adding: 3, earlier: [], createdAt: oldAccount, now: now) == nil)
        #expect(limits.check(adding: 1, earlier: [now - 4000, now - 5000, now - 100], createdAt: oldAccount, now: now) == nil)
    }

    @Test func theHour_freesWhenItsOldestLeaves() {
        let earlier = [now - 3000, now - 1200, now - 60]
        #expect(
            limits.check(adding: 1, earlier: earlier, createdAt: oldAccount, now: now)
                == .init(limit: 3, window: 3600, freesAt: now - 3000 + 3600))
        #expect(
            limits.check(adding: 2, earlier: earlier, createdAt: oldAccount, now: now)
                == .init(limit: 3, window: 3600, freesAt: now - 1200 + 3600))
    }

    @Test func theDay_countsWhatTheHourForgot() {
        let earlier = [now - 80_000, now - 70_000, now - 60_000, now - 50_000, now - 7200]
        #expect(
            limits.check(adding: 1, earlier: earlier, createdAt: oldAccount, now: now)
                == .init(limit: 5, window: 86_400, freesAt: now - 80_000 + 86_400))
        #expect(limits.check(adding: 1, earlier: [now - 90_000] + earlier.dropFirst(), createdAt: oldAccount, now: now) == nil)
    }

    @Test func aNewAccount_getsTheFirstDaysLimit_andMoreThanALimitNeverFits() {
        #expect(limits.allowance(createdAt: now - 3600, now: now) == (2, 2))
        #expect(limits.allowance(createdAt: now - 90_000, now: now) == (3, 5))
        #expect(limits.check(adding: 3, earlier: [], createdAt: now - 60, now: now) == .init(limit: 2, window: 3600, freesAt: nil))
        #expect(limits.check(adding: 21, earlier: [], createdAt: nil, now: now)?.freesAt == nil)
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
