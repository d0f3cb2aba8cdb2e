import Foundation

/// Signal processing for motion: resampling onto an even clock and zero-phase Butterworth
/// filtering (second-order sections, the RBJ audio-EQ cookbook's coefficients, run forwards
/// then backwards so peaks stay where they were).
enum SignalFilter {
    /// `values` taken at the times `times` (increasing), linearly interpolated at `rate` Hz
    /// from the first time to the last.
    static func resample(times: [Double], values: [Double], rate: Double) -> [Double] {
        guard let first = times.first, let last = times.last, last > first else { return values }
        let count = Int(((last - first) * rate).rounded(.down)) + 1
        var output = [Double](repeating: 0, count: count)
        var index = 0
        for step in 0..<count {
            let time = first + Double(step) / rate
            while index + 1 < times.count - 1, times[index + 1] < time { index += 1 }
            let t0 = times[index], t1 = times[min(index + 1, times.count - 1)]
            let fraction = t1 > t0 ? min(max((time - t0) / (t1 - t0), 0), 1) : 0
            output[step] = values[index] + (values[min(index + 1, values.count - 1)] - values[index]) * fraction
        }
        return output
    }

    struct Biquad {
        let b0, b1, b2, a1, a2: Double

        /// A second-order Butterworth low-pass (`highPass` false) or high-pass at `cutoff` Hz.
        init(cutoff: Double, sampleRate: Double, highPass: Bool) {
            let omega = 2 * Double.pi * cutoff / sampleRate
            let alpha = sin(omega) / 2.0.squareRoot() // sin ω / 2Q with Q = 1/√2
            let cosine = cos(omega)
            let a0 = 1 + alpha
            if highPass {
                b0 = (1 + cosine) / 2 / a0
                b1 = -(1 + cosine) / a0
            } else {
                b0 = (1 - cosine) / 2 / a0
                b1 = (1 - cosine) / a0
            }
            b2 = b0
            a1 = -2 * cosine / a0
            a2 = (1 - alpha) / a0
        }

        func run(_ input: [Double]) -> [Double] {
            var output = [Double](repeating: 0, count: input.count)
            var x1 = input.first ?? 0, x2 = x1, y1 = highPassStart(x1), y2 = y1
            for (index, x) in input.enumerated() {
                let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
                output[index] = y
                x2 = x1
                x1 = x
                y2 = y1
                y1 = y
            }
            return output
        }

        /// A steady start: the output a constant input settles to (0 for a high-pass).
        private func highPassStart(_ x: Double) -> Double {
            let gain = (b0 + b1 + b2) / (1 + a1 + a2)
            return gain * x
        }
    }

    /// Zero-phase band-pass between `low` and `high` Hz.
    static func bandPass(_ signal: [Double], low: Double, high: Double, sampleRate: Double) -> [Double] {
        let stages = [
            Biquad(cutoff: low, sampleRate: sampleRate, highPass: true), Biquad(cutoff: high, sampleRate: sampleRate, highPass: false),
        ]
        var output = signal
        for stage in stages { output = stage.run(output) }
        output.reverse()
        for stage in stages { output = stage.run(output) }
        output.reverse()
        return output
    }

    /// The autocorrelation of `signal` (mean removed) for lags `0...maximumLag`, divided by
    /// the zero lag's.
    static func autocorrelation(_ signal: [Double], maximumLag: Int) -> [Double] {
        let mean = signal.reduce(0, +) / Double(max(signal.count, 1))
        let centred = signal.map { $0 - mean }
        let sums = laggedProductSums(centred, lags: maximumLag + 1)
        guard let energy = sums.first, energy > 0 else { return [Double](repeating: 0, count: maximumLag + 1) }
        return sums.map { $0 / energy }
    }
}
