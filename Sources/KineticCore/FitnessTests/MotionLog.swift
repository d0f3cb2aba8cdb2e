/// A recording of a phone's motion during one fitness-test exercise (`DeviceMotionEvent` in the
/// browser, CoreMotion on iOS): timestamped samples of acceleration including gravity, in m/s²,
/// and, when the device has a gyroscope, rotation rate in °/s.
public struct MotionLog: Equatable, Sendable {
    public struct Sample: Equatable, Sendable {
        /// Seconds since the recording started.
        public let t: Double
        public let ax: Double
        public let ay: Double
        public let az: Double
        /// Rotation rate in °/s; nil without a gyroscope.
        public let rotation: (x: Double, y: Double, z: Double)?

        public init(t: Double, ax: Double, ay: Double, az: Double, rotation: (x: Double, y: Double, z: Double)? = nil) {
            self.t = t
            self.ax = ax
            self.ay = ay
            self.az = az
            self.rotation = rotation
        }

        public static func == (lhs: Sample, rhs: Sample) -> Bool {
            lhs.t == rhs.t && lhs.ax == rhs.ax && lhs.ay == rhs.ay && lhs.az == rhs.az
                && lhs.rotation?.x == rhs.rotation?.x && lhs.rotation?.y == rhs.rotation?.y && lhs.rotation?.z == rhs.rotation?.z
        }
    }

    public let samples: [Sample]

    public init(samples: [Sample]) {
        self.samples = samples
    }

    /// From the first sample to the last, in seconds.
    public var duration: Double {
        guard let first = samples.first, let last = samples.last else { return 0 }
        return last.t - first.t
    }
}
