import Foundation

/// Motion logs as a phone sends them: gravity tilting between two axes as the arm swings
/// `repsPerMinute` times a minute, with the rotation rate of the swing and a hand's tremor.
enum MotionLogs {
    /// Tremor: a repeatable noise of ±0.3 m/s² (and ±3 °/s).
    private static func tremor(_ index: Int, _ axis: Int) -> Double {
        var z = UInt64(index * 6 + axis) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return (Double(z >> 11) / Double(1 << 53) - 0.5) * 0.6
    }

    static func swinging(repsPerMinute: Double, seconds: Double = 30, rate: Double = 50) -> [String: Any] {
        let count = Int(seconds * rate) + 1
        let samples: [[String: Any]] = (0..<count).map { index in
            let t = Double(index) / rate
            let phase = 2 * Double.pi * repsPerMinute / 60 * t
            let angle = 0.9 * (1 - cos(phase)) / 2
            return [
                "t": t, "ax": 9.81 * sin(angle) + tremor(index, 0), "ay": 9.81 * cos(angle) + tremor(index, 1), "az": tremor(index, 2),
                "rx": 0.9 * Double.pi * repsPerMinute / 60 * sin(phase) * 57.3 + 10 * tremor(index, 3),
                "ry": 10 * tremor(index, 4), "rz": 10 * tremor(index, 5),
            ]
        }
        return ["startedAt": "2027-01-15T08:00:00Z", "samples": samples]
    }

    /// A log as text, `NaN` written the way Python's `json` writes it.
    static func withNaN() -> String {
        let samples = (0..<200).map { index in
            let ax = index == 3 ? "NaN" : "0.1"
            return "{\"t\": \(Double(index) / 50), \"ax\": \(ax), \"ay\": 9.8, \"az\": 0.2}"
        }
        return "{\"samples\": [" + samples.joined(separator: ", ") + "]}"
    }
}
