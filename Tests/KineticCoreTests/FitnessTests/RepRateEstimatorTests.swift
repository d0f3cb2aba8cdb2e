import Foundation
import Testing

@testable import KineticCore

@Suite struct RepRateEstimatorTests {
    /// A phone in the hand during `reps` repetitions a minute for `seconds`: gravity tilting
    /// between two axes as the arm swings (a curl), a hand's tremor as noise, and a sampling
    /// clock that wobbles around `rate` Hz.
    private func curl(repsPerMinute: Double, seconds: Double = 30, rate: Double = 60, seed: UInt64 = 1, gyroscope: Bool = true) -> MotionLog
    {
        var random = SeededGenerator(seed: seed)
        var samples: [MotionLog.Sample] = []
        var t = 0.0
        while t <= seconds {
            let phase = 2 * Double.pi * repsPerMinute / 60 * t
            let angle = 0.9 * (1 - cos(phase)) / 2 // 0…0.9 rad each repetition
            let noise = { (Double.random(in: 0..<1, using: &random) - 0.5) * 0.6 }
            let swing = 0.9 * Double.pi * repsPerMinute / 60 * sin(phase) * 57.2958
            samples.append(
                MotionLog.Sample(
                    t: t, ax: 9.81 * sin(angle) + noise(), ay: 9.81 * cos(angle) + noise(), az: noise(),
                    rotation: gyroscope ? (swing + noise() * 10, noise() * 10, noise() * 10) : nil
                ))
            t += 1 / rate * (0.8 + 0.4 * Double.random(in: 0..<1, using: &random))
        }
        return MotionLog(samples: samples)
    }

    @Test(arguments: [12.0, 20, 30, 45, 60, 90, 150])
    func aSteadyExercise_isMeasuredWithinAFewPercent(repsPerMinute: Double) throws {
        let estimate = try #require(RepRateEstimator.estimate(curl(repsPerMinute: repsPerMinute)))
        #expect(abs(estimate.repsPerMinute - repsPerMinute) / repsPerMinute < 0.04, "\(estimate)")
        #expect(abs(estimate.reps - Int((repsPerMinute / 2).rounded())) <= 1, "\(estimate)")
        #expect(abs(estimate.peaks - estimate.reps) <= 1, "the peak count agrees: \(estimate)")
        #expect(estimate.confidence > 0.5)
    }

    @Test func withoutAGyroscope_andAtTenHertz_theRateStillHolds() throws {
        let estimate = try #require(RepRateEstimator.estimate(curl(repsPerMinute: 40, rate: 10, gyroscope: false)))
        #expect(abs(estimate.repsPerMinute - 40) < 1.6, "\(estimate)")
    }

    @Test func aPhoneLyingStill_claimsNoRate() {
        var random = SeededGenerator(seed: 9)
        let still = MotionLog(
            samples: (0..<1_800).map { index in
                MotionLog.Sample(
                    t: Double(index) / 60, ax: (Double.random(in: 0..<1, using: &random) - 0.5) * 0.05, ay: 9.81,
                    az: (Double.random(in: 0..<1, using: &random) - 0.5) * 0.05)
            })
        #expect(RepRateEstimator.estimate(still) == nil)
        #expect(RepRateEstimator.estimate(MotionLog(samples: [])) == nil)
    }

    @Test func theHarmonicCheck_prefersTheShortestPeriodThatRepeatsAsWell() {
        // Peaks at every multiple of 50 samples, the later ones a little higher (noise).
        let correlation = (0...300).map { lag -> Double in
            let phase = 2 * Double.pi * Double(lag) / 50
            return (1 + cos(phase)) / 2 * (lag == 100 ? 0.95 : 0.9)
        }
        #expect(RepRateEstimator.period(in: correlation, from: 14) == 50)
    }
}
