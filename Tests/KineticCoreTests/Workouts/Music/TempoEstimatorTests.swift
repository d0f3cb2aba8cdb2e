import Foundation
import KineticCore
import Testing

@Suite struct TempoEstimatorTests {
    /// 40 s of a drum pattern at `bpm`: a decaying low kick on each beat, a noise hi-hat on the
    /// off-beat, and a quieter noise floor, at 22,050 Hz.
    private func drumLoop(bpm: Double, seconds: Double = 40, seed: UInt64) -> [Float] {
        let rate = 22_050.0
        var random = SeededGenerator(seed: seed)
        var samples = (0..<Int(seconds * rate)).map { _ in Float.random(in: -0.02...0.02, using: &random) }
        let beat = 60 / bpm
        var time = 0.0
        while time < seconds {
            let start = Int(time * rate)
            for index in 0..<Int(0.12 * rate) where start + index < samples.count {
                let t = Double(index) / rate
                samples[start + index] += Float(0.8 * exp(-t * 30) * sin(2 * .pi * (60 - 100 * t) * t))
            }
            let offBeat = Int((time + beat / 2) * rate)
            for index in 0..<Int(0.03 * rate) where offBeat + index < samples.count {
                samples[offBeat + index] += Float(0.3 * exp(-Double(index) / rate * 120)) * Float.random(in: -1...1, using: &random)
            }
            time += beat
        }
        return samples
    }

    @Test(arguments: [95.0, 110, 120, 128, 140, 150])
    func drumLoops_areReadAtTheirTempo(bpm: Double) throws {
        let candidates = TempoEstimator.candidates(samples: drumLoop(bpm: bpm, seed: UInt64(bpm)), sampleRate: 22_050)
        let best = try #require(candidates.first)
        #expect(abs(best.bpm - bpm) / bpm < 0.02, "best \(best.bpm) for \(bpm): \(candidates.map(\.bpm))")
        #expect(candidates.count <= TempoEstimator.maximumCandidates)
        #expect(best.strength == 1)
    }

    @Test(arguments: [70.0, 174, 190])
    func tempoOrItsOctave_isAmongTheCandidates(bpm: Double) {
        let candidates = TempoEstimator.candidates(samples: drumLoop(bpm: bpm, seed: 3), sampleRate: 22_050).map(\.bpm)
        let found = candidates.contains { candidate in [0.5, 1, 2].contains { abs(candidate - bpm * $0) / (bpm * $0) < 0.02 } }
        #expect(found, "\(bpm): \(candidates)")
    }

    @Test func silenceAndShortClips_haveNoTempo() {
        #expect(TempoEstimator.candidates(samples: [Float](repeating: 0, count: 22_050 * 20), sampleRate: 22_050).isEmpty)
        #expect(TempoEstimator.candidates(samples: drumLoop(bpm: 120, seconds: 2, seed: 1), sampleRate: 22_050).isEmpty)
        #expect(TempoEstimator.candidates(samples: [], sampleRate: 22_050).isEmpty)
    }
    /// The audit: a 440 Hz sine was "Detected: 112.1 BPM" and played as a 112-BPM song. A held
    /// tone, a slow swell and noise have no clear beat; a drum loop has, even under a loud pad.
    @Test func aToneASwellAndNoise_haveNoClearBeat_andDrumsHave() {
        let rate = 22_050.0
        let seconds = 30.0
        let count = Int(rate * seconds)
        let tone = (0..<count).map { index -> Float in Float(0.5 * sin(2 * Double.pi * 440 * Double(index) / rate)) }
        let swell = (0..<count).map { index -> Float in
            let t = Double(index) / rate
            let loudness: Double = 0.55 + 0.45 * sin(2 * Double.pi * 0.3 * t)
            return Float(0.5 * loudness * sin(2 * Double.pi * 220 * t))
        }
        var random = SeededGenerator(seed: 7)
        let noise = (0..<count).map { _ in Float.random(in: -0.5...0.5, using: &random) }
        for (name, samples) in [("tone", tone), ("swell", swell), ("noise", noise)] {
            let analysis = TempoEstimator.analyse(samples: samples, sampleRate: rate)
            #expect(!analysis.hasClearBeat, "\(name): salience \(analysis.onsetSalience), \(analysis.candidates)")
        }
        let drums = drumLoop(bpm: 128, seconds: seconds, seed: 2)
        let padded = zip(drums, tone).map { $0 + 0.6 * $1 }
        for (name, samples) in [("drums", drums), ("drums under a pad", padded)] {
            let analysis = TempoEstimator.analyse(samples: samples, sampleRate: rate)
            #expect(analysis.hasClearBeat, "\(name): salience \(analysis.onsetSalience), \(analysis.candidates)")
            #expect(abs((analysis.candidates.first?.bpm ?? 0) - 128) < 2.6)
        }
    }
}
