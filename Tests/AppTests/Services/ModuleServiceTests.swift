import Fluent
import Foundation
import KineticCore
import Testing

@testable import App

/// Each module's service called directly, as its web and API controllers call it, on a
/// database and values alone (``ServiceDatabase``): no server, no request.
@Suite struct ModuleServiceTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// Goals: a session reported twice (a park's retry) is stored once; a different one at the
    /// same park and time is refused.
    @Test func goals_storeASessionOnce_andRefuseAnotherAtTheSameTime() async throws {
        try await ServiceDatabase.withFresh { database, user in
            let goals = GoalsService(
                database: database, user: user, userID: try user.requireID(), calendar: UserCalendar(timeZone: Self.utc, now: testNow))
            let session: [String: JSONValue] = [
                "date": .string("2027-01-10"), "numberOfJumps": .number(900), "parkName": .string("Plainfield"),
                "startTime": .string("10:00"), "endTime": .string("11:00"),
            ]
            let first = try await goals.addSession(session)
            let again = try await goals.addSession(session)
            guard case .created(let created) = first, case .existing(let existing) = again else {
                Issue.record("the first is created, the same again is the stored one: \(first), \(again)")
                return
            }
            #expect(created.id == existing.id)
            var other = session
            other["numberOfJumps"] = .number(1200)
            await #expect(throws: AppError.self) { try await goals.addSession(other) }
            #expect(try await goals.sessions().map(\.session.numberOfJumps) == [900])
        }
    }

    /// Steps: pushed samples replace the stored ones of the same source and interval, so the
    /// same push twice counts once.
    @Test func steps_theSamePushTwice_countsOnce() async throws {
        try await ServiceDatabase.withFresh { database, user in
            let steps = StepsService(
                database: database, importDatabase: database, userID: try user.requireID(),
                calendar: UserCalendar(timeZone: Self.utc, now: testNow),
                configuration: KineticConfiguration(database: .sqlite(path: ":memory:"), bcryptCost: 4))
            let start = testNow.addingTimeInterval(-86_400).timeIntervalSince1970
            let samples = [
                StepSample(sourceName: "Ana's iPhone", kind: .phone, start: start, end: start + 600, utcOffset: 0, value: 450),
                StepSample(sourceName: "Ana's iPhone", kind: .phone, start: start + 3600, end: start + 4200, utcOffset: 0, value: 300),
            ]
            _ = try await steps.replaceSamples(with: samples)
            _ = try await steps.replaceSamples(with: samples)
            let day = LocalDate(containing: testNow.addingTimeInterval(-86_400), in: Self.utc)
            #expect(try await steps.dailyTotals(from: day, to: day).map(\.steps) == [750])
        }
    }
}
