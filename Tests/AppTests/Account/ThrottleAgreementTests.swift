import Foundation
import KineticCore
import SQLKit
import Testing

@testable import App

/// The token-bucket rule exists twice: `TokenBucket` in KineticCore (documented, pure) and the
/// SQL of `Throttle`, which is what runs, on rows every instance shares. This drives both
/// through the same two thousand attempts and give-backs, at times that mostly move on, now and
/// then stand still or run back a little (another instance's clock), and once skip a day, each
/// taking one to three tokens; each step must be allowed or refused alike, with the same wait
/// and the same stored tokens.
@Suite struct ThrottleAgreementTests {
    @Test func theSQLBucket_followsTokenBucket_stepByStep() async throws {
        try await withKinetic { app in
            let bucket = ThrottleBucket(key: "agreement:test", capacity: 5, refillSeconds: 30)
            var random = SeededGenerator(seed: 24)
            var now = testNow
            var model: TokenBucket? = nil // nil: no row yet (or forgotten)
            var refused = 0, taken = 0
            for step in 0..<2_000 {
                switch Int.random(in: 0..<20, using: &random) {
                case 0: now = now.addingTimeInterval(-Double.random(in: 0...20, using: &random))
                case 1: break
                default: now = now.addingTimeInterval(Double.random(in: 0...25, using: &random))
                }
                if step == 1_000 { now = now.addingTimeInterval(Throttle.forgetAfterSeconds + 1) }
                let throttle = Throttle(database: app.db, now: now)
                if let stored = model, stored.updatedAt.addingTimeInterval(Throttle.forgetAfterSeconds) < now { model = nil }
                if Int.random(in: 0..<4, using: &random) == 0 {
                    try await throttle.giveBack([bucket])
                    model = model?.refunding(at: now)
                } else {
                    let current = model ?? TokenBucket(capacity: bucket.capacity, refillPerSecond: 1 / bucket.refillSeconds, now: now)
                    let count = Int.random(in: 1...3, using: &random)
                    let wait = try await throttle.take([bucket], count: count)
                    if current.allows(count, at: now) {
                        #expect(wait == nil, "step \(step): the model allows")
                        model = current.spending(count, at: now)
                        taken += 1
                    } else {
                        #expect(wait == max(1, current.secondsUntilAvailable(count, at: now)), "step \(step): the wait")
                        refused += 1
                    }
                }
                let row = try await (app.db as! any SQLDatabase).select().columns("tokens", "updated_at").from(Throttle.table)
                    .where("bucket_key", .equal, bucket.key).first()
                if let model {
                    let row = try #require(row, "step \(step): the row exists")
                    let tokens = try row.decode(column: "tokens", as: Double.self)
                    let updatedAt = try row.decode(column: "updated_at", as: Double.self)
                    #expect(abs(tokens - model.tokens) < 1e-6, "step \(step): tokens \(tokens) vs \(model.tokens)")
                    #expect(abs(updatedAt - model.updatedAt.timeIntervalSince1970) < 1e-6, "step \(step): updated_at")
                }
            }
            #expect(refused > 100 && taken > 100, "both answers are exercised (\(taken) taken, \(refused) refused)")
        }
    }
}
