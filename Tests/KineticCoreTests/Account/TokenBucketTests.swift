import Foundation
import Testing

@testable import KineticCore

@Suite struct TokenBucketTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    @Test func burstIsAllowed_thenRefused() {
        var bucket = TokenBucket(capacity: 3, refillPerSecond: 0.1, now: start)
        for _ in 0..<3 {
            #expect(bucket.allows(at: start))
            bucket = bucket.spending(at: start)
        }
        #expect(!bucket.allows(at: start))
        #expect(bucket.secondsUntilAvailable(at: start) == 10)
    }

    @Test func refillsOverTime_upToCapacity() {
        var bucket = TokenBucket(capacity: 2, refillPerSecond: 0.5, now: start)
        bucket = bucket.spending(at: start).spending(at: start)
        #expect(!bucket.allows(at: start.addingTimeInterval(1)))
        #expect(bucket.allows(at: start.addingTimeInterval(2)))
        #expect(bucket.secondsUntilAvailable(at: start.addingTimeInterval(1)) == 1)
        #expect(bucket.refilled(at: start.addingTimeInterval(3600)).tokens == 2)
        #expect(bucket.isFull(at: start.addingTimeInterval(4)))
    }

    @Test func spendingAnEmptyBucket_staysAtZero() {
        let bucket = TokenBucket(capacity: 1, refillPerSecond: 1, now: start).spending(at: start).spending(at: start)
        #expect(bucket.tokens == 0)
    }

    @Test func severalTokensAtOnce_needThemAllThere_andAMoreThanFullBucketWaitsForAFullOne() {
        var bucket = TokenBucket(capacity: 10, refillPerSecond: 0.5, now: start).spending(8, at: start)
        #expect(bucket.tokens == 2)
        #expect(bucket.allows(2, at: start) && !bucket.allows(3, at: start))
        #expect(bucket.secondsUntilAvailable(3, at: start) == 2)
        bucket = bucket.spending(2, at: start)
        #expect(bucket.secondsUntilAvailable(40, at: start) == 20, "as long as it takes to fill")
        #expect(!bucket.refilled(at: start.addingTimeInterval(3600)).allows(11, at: start.addingTimeInterval(3600)))
    }
}
