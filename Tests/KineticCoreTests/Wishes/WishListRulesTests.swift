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
        let ranked = WishListCursor(seconds: 1_800_000_000.25, id: id, score: 7)
        #expect(WishListCursor(token: ranked.token) == ranked && ranked.token.hasSuffix("_7"))
        for token in [
            "", "1_2", "abc_\(id)", "1e9_\(id)", "nan_\(id)", "1_\(id)_x", "1_\(id)_-1", "1_\(id)_99999", "1_\(id)_1_1",
            "\(String(repeating: "9", count: 30))_\(id)",
        ] {
            #expect(WishListCursor(token: token) == nil, "\(token)")
        }
    }

    @Test func searchText_tagsEachFoldedWordWithItsField() {
        #expect(
            WishSearchText.stored(subject: "Herzlichen Glückwunsch!", people: ["carla@example.com"], message: "ZUM  Geburtstag, 50%")
                == " s:herzlichen s:gluckwunsch p:carla p:example p:com m:zum m:geburtstag m:50 ")
        #expect(WishSearchText.searchWords(#" Carla  GLÜCK 50%_off\ carla "#) == ["carla", "gluck", "50", "off"])
        #expect(WishSearchText.searchWords("  %_ ").isEmpty)
        #expect(WishSearchText.searchWords("a b c d e f g h i j").count == WishSearchText.maximumWords)
        #expect(WishSearchText.pattern("carla") == "% _:carla%" && WishSearchText.pattern("carla", in: .subject) == "% s:carla%")
    }

    @Test func everyWordMustBeFound_inAnyOrder_andTheSubjectCountsMost() {
        let stored = WishSearchText.stored(subject: "Happy birthday, Carla", people: ["carla@example.com"], message: "All the best")
        #expect(WishSearchText.score(of: stored, for: ["carla", "birthday"]) == 6, "both in the subject")
        #expect(WishSearchText.score(of: stored, for: ["best", "carl"]) == 4, "a word's start is enough")
        #expect(WishSearchText.score(of: stored, for: ["example"]) == 2)
        #expect(WishSearchText.score(of: stored, for: ["carla", "cake"]) == nil, "every word, or nothing")
        #expect(WishSearchText.score(of: stored, for: ["irthday"]) == nil, "the start of a word, not its middle")
        // A start that ends inside a character (न with its virama) counts, as it does for LIKE.
        let hindi = WishSearchText.stored(subject: "जन्मदिन मुबारक", people: [], message: "")
        #expect(WishSearchText.score(of: hindi, for: WishSearchText.searchWords("जन")) == 3)
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
        #expect(Occasion.thankYou.stockPhotoIDs == (1...6).map { "thank-you-\($0)" })
        #expect(WishStock.occasion(ofPhoto: "holiday-2") == .holiday)
        #expect(WishStock.occasion(ofPhoto: "holiday-9") == nil)
    }
}
