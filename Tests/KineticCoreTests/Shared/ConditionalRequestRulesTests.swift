import KineticCore
import Testing

@Suite struct EntityTagTests {
    @Test func aStrongTag_isTheFirstSixteenBytesOfTheDigest_inHex_quoted() {
        let digest: [UInt8] = Array(0..<32)
        #expect(EntityTag.strong(digest: digest) == "\"000102030405060708090a0b0c0d0e0f\"")
        #expect(EntityTag.strong(digest: [0xFF, 0xA0]) == "\"ffa0\"")
    }

    @Test(arguments: [
        ("\"abc\"", true), ("W/\"abc\"", true), (" \"x\" , \"abc\" ", true), ("*", true), (" * ", true),
        ("%22abc%22", true), ("%22x%22%2C%20%22abc%22", true),
        ("\"abd\"", false), ("abc", false), ("", false), ("\"ab\"c\"", false), ("\"abc", false),
    ])
    func ifNoneMatch_comparesWeakly_andReadsAList(field: String, matches: Bool) {
        #expect(EntityTag.ifNoneMatch(field, matches: "\"abc\"") == matches)
    }
}

@Suite struct IdempotencyKeyTests {
    @Test func aKey_isAUUID_inEitherCase() {
        #expect(IdempotencyKey.isValid("3F2504E0-4F89-11D3-9A0C-0305E82C3301"))
        #expect(IdempotencyKey.isValid("3f2504e0-4f89-11d3-9a0c-0305e82c3301"))
        for bad in [
            "", "3f2504e0", "3f2504e0-4f89-11d3-9a0c-0305e82c330", "3f2504e0-4f89-11d3-9a0c-0305e82c3301-",
            "3f2504e0_4f89_11d3_9a0c_0305e82c3301", "3g2504e0-4f89-11d3-9a0c-0305e82c3301",
        ] {
            #expect(!IdempotencyKey.isValid(bad), "\(bad)")
        }
    }

    @Test func aRepeatedKey_replaysOnlyTheSameRequest_onceAnswered() {
        let first = IdempotencyKey.fingerprint(method: "POST", pathAndQuery: "/api/v1/wishes", body: "ab12")
        let other = IdempotencyKey.fingerprint(method: "POST", pathAndQuery: "/api/v1/wishes", body: "ab13")
        #expect(IdempotencyKey.outcome(stored: first, answered: true, startedSecondsAgo: 5, fingerprint: first) == .replay)
        #expect(IdempotencyKey.outcome(stored: first, answered: true, startedSecondsAgo: 7200, fingerprint: first) == .replay)
        #expect(IdempotencyKey.outcome(stored: first, answered: false, startedSecondsAgo: 5, fingerprint: first) == .stillRunning)
        #expect(IdempotencyKey.outcome(stored: first, answered: true, startedSecondsAgo: 5, fingerprint: other) == .reusedForAnotherRequest)
        #expect(
            IdempotencyKey.outcome(stored: first, answered: false, startedSecondsAgo: 5, fingerprint: other) == .reusedForAnotherRequest)
        // A first request whose server died never answers: after half an hour a retry runs.
        #expect(IdempotencyKey.outcome(stored: first, answered: false, startedSecondsAgo: 1799, fingerprint: first) == .stillRunning)
        #expect(IdempotencyKey.outcome(stored: first, answered: false, startedSecondsAgo: 1800, fingerprint: first) == .runAgain)
        #expect(first != IdempotencyKey.fingerprint(method: "POST", pathAndQuery: "/api/v1/themes", body: "ab12"))
    }
}
