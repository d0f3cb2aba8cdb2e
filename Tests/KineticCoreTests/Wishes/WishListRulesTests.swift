import Foundation
import KineticCore
import Testing

@Suite struct WishListRulesTests {
    @Test func searchHistory_keepsTheLatestFive_newestFirst_aRepeatMovesToTheFront() {
        var history = SearchHistory()
        for phrase in ["cake", "party", "  grandma  ", "", "trip", "thanks", "holiday"] {
            history = history.recording(phrase)
        }
        #expect(history.phrases == ["holiday", "thanks", "trip", "grandma", "party"])
        history = history.recording("TRIP")
        #expect(history.phrases == ["TRIP", "holiday", "thanks", "grandma", "party"])
        #expect(SearchHistory.normalized(String(repeating: "a", count: 300)).count == SearchHistory.maximumPhraseLength)
    }

    @Test func cursors_roundTrip_andRejectAnythingElse() throws {
        let id = UUID()
        let cursor = WishListCursor(seconds: 1_800_000_000.25, id: id)
        #expect(WishListCursor(token: cursor.token) == cursor)
        for token in ["", "1_2", "abc_\(id)", "1e9_\(id)", "nan_\(id)", "1_\(id)_x", "\(String(repeating: "9", count: 30))_\(id)"] {
            #expect(WishListCursor(token: token) == nil, "\(token)")
        }
    }

    @Test func searchText_foldsCaseAndAccents_andEscapesLikePatterns() {
        #expect(WishSearchText.folded(["Herzlichen Glückwunsch", "ZUM  Geburtstag"]) == "herzlichen gluckwunsch zum geburtstag")
        #expect(WishSearchText.likePattern(for: " Glück ") == "%gluck%")
        #expect(WishSearchText.likePattern(for: #"50%_off\"#) == #"%50\%\_off\\%"#)
        #expect(WishSearchText.likePattern(for: "   ") == nil)
    }

    @Test func retries_backOffExponentially_withJitter_andStopAtTheLimit() {
        let policy = DeliveryRetryPolicy(maximumAttempts: 4, firstDelay: 30, longestDelay: 100, jitter: 0.25)
        let now = Date(timeIntervalSince1970: 1_000)
        #expect(policy.delay(afterAttempt: 1, random: 0.5) == 30)
        #expect(policy.delay(afterAttempt: 2, random: 0.5) == 60)
        #expect(policy.delay(afterAttempt: 3, random: 0.5) == 100)
        #expect(policy.delay(afterAttempt: 1, random: 0) == 22.5)
        #expect(policy.delay(afterAttempt: 1, random: 1) == 37.5)
        #expect(policy.step(afterAttempt: 1, permanent: false, now: now, random: 0.5) == .retry(at: now.addingTimeInterval(30)))
        #expect(policy.step(afterAttempt: 3, permanent: false, now: now, random: 0.5) == .retry(at: now.addingTimeInterval(100)))
        #expect(policy.step(afterAttempt: 4, permanent: false, now: now, random: 0.5) == .giveUp)
        #expect(policy.step(afterAttempt: 1, permanent: true, now: now, random: 0.5) == .giveUp)
    }

    @Test func everyOccasion_hasItsStock() {
        #expect(Occasion.allCases.map(\.rawValue) == ["birthday", "anniversary", "holiday", "congratulations", "thank-you"])
        #expect(Occasion.default == .birthday)
        #expect(Occasion.thankYou.stockPhotoIDs == ["thank-you-1", "thank-you-2", "thank-you-3"])
        #expect(WishStock.occasion(ofPhoto: "holiday-2") == .holiday)
        #expect(WishStock.occasion(ofPhoto: "holiday-9") == nil)
    }
}
