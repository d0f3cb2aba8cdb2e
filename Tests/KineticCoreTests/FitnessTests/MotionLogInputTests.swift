import Foundation
import KineticCore
import Testing

@Suite struct MotionLogInputTests {
    private func log(rate: Double = 50, seconds: Double = 10, extra: [String: JSONValue] = [:], rotation: Bool = true) -> JSONValue {
        let count = Int(seconds * rate) + 1
        let samples: [JSONValue] = (0..<count).map { index in
            var members: [String: JSONValue] = [
                "t": .number(Double(index) / rate), "ax": .number(0.1), "ay": .number(9.8), "az": .number(0.2),
            ]
            if rotation {
                members["rx"] = .number(1)
                members["ry"] = .number(2)
                members["rz"] = .number(3)
            }
            return .object(members)
        }
        return .object(["startedAt": .string("2027-01-15T08:00:00Z"), "samples": .array(samples)].merging(extra) { $1 })
    }

    private func problems(_ body: JSONValue) -> [String: String] {
        switch MotionLogInput.validate(body) {
        case .success: [:]
        case .failure(let errors): errors.messages
        }
    }

    @Test func aGoodLog_isRead_withItsRotationWhenGiven() throws {
        let read = try MotionLogInput.validate(log()).get()
        #expect(read.samples.count == 501)
        #expect(read.samples[1].rotation?.y == 2)
        #expect(try MotionLogInput.validate(log(rotation: false)).get().samples[0].rotation == nil)
    }

    @Test func badLogs_getAMessageEach() {
        #expect(problems(.object(["samples": .array([])])) == ["samples": "error.motion.tooShort"])
        #expect(problems(log(seconds: 4 / 50)) == ["samples": "error.motion.tooShort"], "five samples")
        #expect(problems(log(rate: 10_000, seconds: 3)) == ["samples": "error.motion.rate"], "10 kHz")
        #expect(problems(log(rate: 5, seconds: 10)) == ["samples": "error.motion.rate"])
        #expect(problems(log(rate: 10, seconds: 121)) == ["samples": "error.motion.tooLong"])
        #expect(problems(.array([])) == ["body": "error.body.objectExpected"])
        #expect(problems(.object(["samples": .string("x")])) == ["samples": "error.motion.samplesExpected"])
        #expect(problems(log(extra: ["startedAt": .string("yesterday")])) == ["startedAt": "error.motion.startedAt"])
        let sample = { (members: [String: JSONValue]) in JSONValue.object(["samples": .array([.object(members)])]) }
        #expect(
            problems(sample(["t": .number(0), "ax": .string("NaN"), "ay": .number(0), "az": .number(0)])) == [
                "samples[0].ax": "error.motion.value"
            ])
        #expect(
            problems(sample(["t": .number(0), "ax": .number(1e9), "ay": .number(0), "az": .number(0)])) == [
                "samples[0].ax": "error.motion.value"
            ])
        #expect(problems(sample(["t": .number(0), "ax": .number(0), "az": .number(0)])) == ["samples[0].ay": "error.field.required"])
        #expect(
            problems(sample(["t": .number(0), "ax": .number(0), "ay": .number(0), "az": .number(0), "rx": .number(1)])) == [
                "samples[0].rx": "error.motion.rotationPartial"
            ])
        let backwards = JSONValue.object([
            "samples": .array([
                .object(["t": .number(1), "ax": .number(0), "ay": .number(0), "az": .number(0)]),
                .object(["t": .number(0.5), "ax": .number(0), "ay": .number(0), "az": .number(0)]),
            ])
        ])
        #expect(problems(backwards) == ["samples[1].t": "error.motion.timeOrder"])
    }
}
