import Fluent
import Foundation
import KineticCore
import Vapor

/// Fitness tests: `POST /api/v1/fitness-tests/rate` (a motion log's rate, nothing kept),
/// `GET|POST /api/v1/fitness-tests`, `GET /api/v1/fitness-tests/{testId}`,
/// `POST /api/v1/fitness-tests/{testId}/exercises/{exerciseId}` (the body is the exercise's
/// motion log) and `…/skip`.
struct FitnessTestsAPIController {
    func rate(_ request: Request) async throws -> RepRateDTO {
        try await request.userTools().checkRoom()
        let log = try await request.motionLog()
        return RepRateDTO(try await request.workouts().estimateRepRate(log))
    }

    func list(_ request: Request) async throws -> [FitnessTestDTO] {
        let tester = try request.workouts().fitnessTester
        var tests: [FitnessTestDTO] = []
        for test in try await request.workouts().fitnessTests.recent(limit: 50) {
            tests.append(
                try FitnessTestDTO(
                    await FitnessTestReport.load(test, results: tester.results, catalogue: tester.catalogue), l: request.localizer))
        }
        return tests
    }

    /// `{"category", "count", "exercises"?}` (``FitnessTestInput``): the test, its exercises in
    /// the order to test them.
    func create(_ request: Request) async throws -> Response {
        let body = try await JSONMemberReader.object(request.jsonBody()).get()
        let tester = try request.workouts().fitnessTester
        let input = try FitnessTestInput.validate(body.members, catalogue: tester.catalogue).get()
        let test = try await tester.start(input, at: request.now)
        return try await request.workouts().fitnessTestDTO(test).created(at: .api(.fitnessTest(id: test.id?.uuidString)), for: request)
    }

    func show(_ request: Request) async throws -> FitnessTestDTO {
        try await request.workouts().fitnessTestDTO(request.ownedFitnessTest())
    }

    func record(_ request: Request) async throws -> FitnessTestDTO {
        let test = try await request.ownedFitnessTest()
        let exerciseID = request.parameters.get("exerciseId") ?? ""
        guard test.exercises.contains(exerciseID) else { throw AppError.notFound }
        try await request.workouts().recordRate(of: request.motionLog(), exerciseID: exerciseID, in: test)
        return try await request.workouts().fitnessTestDTO(test)
    }

    func skip(_ request: Request) async throws -> FitnessTestDTO {
        let test = try await request.ownedFitnessTest()
        try await request.workouts().fitnessTester.skip(exerciseID: request.parameters.get("exerciseId") ?? "", in: test, at: request.now)
        return try await request.workouts().fitnessTestDTO(test)
    }
}

extension WorkoutsService {
    func fitnessTestReport(_ test: FitnessTestRecord) async throws -> FitnessTestReport {
        try await FitnessTestReport.load(test, results: exerciseResults, catalogue: catalogue)
    }

    func fitnessTestDTO(_ test: FitnessTestRecord) async throws -> FitnessTestDTO {
        try FitnessTestDTO(await fitnessTestReport(test), l: localizer)
    }

    /// The rate of `log`, worked out on the tool threads (a 120 s log takes tens of
    /// milliseconds: not for an event loop).
    func estimateRepRate(_ log: MotionLog) async throws -> RepRateEstimator.Estimate? {
        try await tools.runBlocking { RepRateEstimator.estimate(log) }
    }
}
