import Foundation

/// A motion log as a client sends it (`POST /api/v1/fitness-tests/rate`, the documented
/// format): `{"startedAt": ISO-8601, "samples": [{"t", "ax", "ay", "az", "rx"?, "ry"?, "rz"?}]}`,
/// `t` in seconds since the start, acceleration including gravity in m/s², rotation rate in
/// °/s. Refused with one message per problem: not at least 3 s of samples, a rate outside
/// 10–200 Hz, longer than 120 s, times not increasing, a number that is missing, not finite
/// or beyond what a phone can measure.
public enum MotionLogInput {
    public static let rates = 10.0...200.0
    public static let shortest = 3.0
    public static let longest = 120.0
    /// Beyond these a sample is not a phone's (16 g; 10,000 °/s).
    public static let largestAcceleration = 160.0
    public static let largestRotation = 10_000.0

    public static func validate(_ body: JSONValue) -> Result<MotionLog, FieldErrors> {
        var reader: JSONMemberReader
        switch JSONMemberReader.object(body, known: ["startedAt", "samples"]) {
        case .success(let members): reader = members
        case .failure(let errors): return .failure(errors)
        }
        if let started = reader.string("startedAt", .optional), (try? Date(started, strategy: .iso8601)) == nil {
            reader.fail("startedAt", "error.motion.startedAt")
        }
        guard case .array(let items)? = reader.members["samples"] else {
            reader.fail("samples", "error.motion.samplesExpected")
            return .failure(reader.errors)
        }
        var samples: [MotionLog.Sample] = []
        samples.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let sample = sample(item, at: "samples[\(index)]", reader: &reader) else { break }
            if let previous = samples.last, sample.t <= previous.t {
                reader.fail("samples[\(index)].t", "error.motion.timeOrder")
                break
            }
            samples.append(sample)
        }
        if reader.errors.isEmpty {
            let log = MotionLog(samples: samples)
            if samples.count < 2 || log.duration < shortest {
                reader.fail("samples", "error.motion.tooShort")
            } else if log.duration > longest {
                reader.fail("samples", "error.motion.tooLong")
            } else if !rates.contains(Double(samples.count - 1) / log.duration) {
                reader.fail("samples", "error.motion.rate")
            }
        }
        return reader.result(MotionLog(samples: samples))
    }

    private static func sample(_ item: JSONValue, at path: String, reader: inout JSONMemberReader) -> MotionLog.Sample? {
        guard let members = item.objectValue else {
            reader.fail(path, "error.field.objectExpected")
            return nil
        }
        func number(_ name: String, required: Bool, limit: Double) -> Double?? {
            switch members[name] {
            case nil where !required: return .some(nil)
            case .number(let value)? where value.isFinite && abs(value) <= limit: return .some(value)
            case nil, .null?: reader.fail("\(path).\(name)", "error.field.required")
            default: reader.fail("\(path).\(name)", "error.motion.value")
            }
            return nil
        }
        for name in members.keys where !["t", "ax", "ay", "az", "rx", "ry", "rz"].contains(name) {
            reader.fail("\(path).\(name)", "error.field.unknown")
            return nil
        }
        guard let t = number("t", required: true, limit: longest * 10) ?? nil,
            let ax = number("ax", required: true, limit: largestAcceleration) ?? nil,
            let ay = number("ay", required: true, limit: largestAcceleration) ?? nil,
            let az = number("az", required: true, limit: largestAcceleration) ?? nil,
            let rx = number("rx", required: false, limit: largestRotation),
            let ry = number("ry", required: false, limit: largestRotation),
            let rz = number("rz", required: false, limit: largestRotation)
        else { return nil }
        let given = [rx, ry, rz].compactMap { $0 }
        if given.count == 1 || given.count == 2 {
            reader.fail("\(path).rx", "error.motion.rotationPartial")
            return nil
        }
        let rotation: (x: Double, y: Double, z: Double)? = if let rx, let ry, let rz { (rx, ry, rz) } else { nil }
        return MotionLog.Sample(t: t, ax: ax, ay: ay, az: az, rotation: rotation)
    }
}
