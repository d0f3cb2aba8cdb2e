import Foundation
import KineticCore
import Vapor

extension WorkoutsService {
    /// Works out the rate of `log` and records it as `exerciseID`'s result in `test`.
    func recordRate(of log: MotionLog, exerciseID: String, in test: FitnessTestRecord) async throws {
        try await fitnessTester.record(estimateRepRate(log), exerciseID: exerciseID, in: test, at: now)
    }
}

extension Request {
    /// The largest motion log body read: 120 s at 200 Hz with every number written out is about
    /// 4 MB, so twice that leaves room for whitespace.
    static let largestMotionLog = 8 << 20

    /// The body (streamed) as a checked motion log. A declared `Content-Length` past the limit is
    /// the route's 413 before a byte is read; a body without one that passes the limit is a 422
    /// for its field as soon as the count does, as is a log ``MotionLogInput`` refuses.
    /// `NaN` and `Infinity`, which JSON has no words for but Python's `json` writes, are read so
    /// they can be refused by name; any other body that is not JSON is a 400.
    func motionLog() async throws -> MotionLog {
        let tooLarge = AppError.validation(FieldErrors(["body": "error.motion.tooLarge"]))
        let data: Data
        do {
            data = try await body.collect(max: Self.largestMotionLog).get().map { Data($0.readableBytesView) } ?? Data()
        } catch let error as Abort where error.status == .payloadTooLarge {
            throw tooLarge
        }
        return try await parsing(bytes: data.count) { try Self.motionLog(from: data) }
    }

    /// `data` read and checked as a motion log (see ``motionLog()``).
    static func motionLog(from data: Data) throws -> MotionLog {
        guard !data.isEmpty else { throw AppError.validation(FieldErrors(["samples": "error.motion.samplesExpected"])) }
        let json: JSONValue
        if let strict = try? JSONDecoder().decode(JSONValue.self, from: data) {
            json = strict
        } else {
            let lenient = JSONDecoder()
            lenient.allowsJSON5 = true
            // Only a body whose lenient reading the checks refuse is answered with their messages.
            guard let read = try? lenient.decode(JSONValue.self, from: data), case .failure = MotionLogInput.validate(read) else {
                throw AppError.invalidJSON
            }
            json = read
        }
        return try MotionLogInput.validate(json).mapError(AppError.validation).get()
    }
}
