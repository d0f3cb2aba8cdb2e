import Fluent
import Foundation
import KineticAPI
import KineticCore
import NIOCore
import Testing
import VaporTesting

@testable import App

/// Numbers no request may use to crash the server or make a page expensive (the security audit's
/// one-request crashes), on SQLite and PostgreSQL.
@Suite struct StepsLimitsTests {
    private static func push(_ points: [[String: Any]]) -> [String: Any] {
        ["data": ["metrics": [["name": "step_count", "data": points]]]]
    }

    private static func point(_ qty: Any, date: String = "2026-11-10 10:00:00 +0000", source: Any? = nil) -> [String: Any] {
        var point: [String: Any] = ["qty": qty, "date": date]
        if let source { point["source"] = source }
        return point
    }

    @Test(arguments: [1e19, 1e300, 9e18, 5e18, 100_001.0, -1.0])
    func pushedImplausibleQuantity_isRefusedWith422_andNothingIsStored(qty: Double) async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let response = try await app.json(
                .POST, "/api/v1/health/samples", body: Self.push([Self.point(12), Self.point(qty, date: "2026-11-11 10:00:00 +0000")]),
                token: account.token)
            #expect(response.status == .unprocessableEntity)
            let fields = try #require(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties)
            #expect(fields["data.metrics[0].data[1].qty"]?.contains("100,000") == true)
            #expect(try await StepSampleRecord.query(on: app.db).count() == 0)
        }
    }

    @Test func pushedQuantityAtTheLimit_isAccepted() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let response = try await app.json(.POST, "/api/v1/health/samples", body: Self.push([Self.point(100_000)]), token: account.token)
            #expect(response.status == .ok)
        }
    }

    @Test(arguments: ["1999-12-31 23:00:00 +0000", "2099-01-01 10:00:00 +0000", "2026-11-10 10:00:00 +9999", "2026-11-10 10:00:00 +1460"])
    func pushedImplausibleDate_isRefused(date: String) async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let response = try await app.json(
                .POST, "/api/v1/health/samples", body: Self.push([Self.point(10, date: date)]), token: account.token)
            #expect(response.status == .unprocessableEntity)
            let fields = try #require(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties)
            #expect(fields["data.metrics[0].data[0].date"] != nil)
        }
    }

    @Test func pushedSourceThatIsNotText_isRefused() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let response = try await app.json(
                .POST, "/api/v1/health/samples", body: Self.push([Self.point(10, source: 5)]), token: account.token)
            #expect(response.status == .unprocessableEntity)
            let fields = try #require(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties)
            #expect(fields["data.metrics[0].data[0].source"] != nil)
        }
    }

    /// Values stored before the limits existed (or by any other path): the page still answers,
    /// and costs what a normal page costs.
    @Test(arguments: [[9e18], [5e18, 5e18], [1e10], [1e19]])
    func absurdStoredValues_neitherCrashNorBloatTheStepsPage(values: [Double]) async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let userID = try #require(UUID(uuidString: account.customerId))
            let samples = values.enumerated().map { index, value in
                let start = Double(LocalDate(year: 2026, month: 10, day: 10 + index)!.daysSince1970 * 86_400 + 36_000)
                return StepSample(sourceName: "Stored", kind: .other, start: start, end: start + 60, utcOffset: 0, value: value)
            }
            let repository = StepsRepository(database: app.db, userID: userID)
            try await repository.add(samples)
            #expect(try await web.get("/steps?month=2026-10").body.string.contains("set aside"), "no person takes them")
            // Counted anyway, they still neither crash nor bloat anything.
            let anyway = StepCountedAnywayRepository(database: app.db, userID: userID)
            for sample in samples {
                try await anyway.count(.init(sample))
                try await anyway.count(day: LocalDate(daysSince1970: DailyStepTotals.localDay(sample.start, offset: 0)))
            }
            try await repository.refreshTotals(
                days: LocalDate(year: 2026, month: 10, day: 1)!.daysSince1970...LocalDate(year: 2026, month: 10, day: 31)!.daysSince1970)
            let response = try await web.get("/steps?month=2026-10")
            #expect(response.status == .ok)
            #expect(response.body.readableBytes < 200_000)
            #expect(response.body.string.contains("badge-more"))
            let daily = try await app.json(.GET, "/api/v1/steps/daily?from=2026-10-01&to=2026-10-31", token: account.token)
            #expect(daily.status == .ok)
        }
    }

    @Test func exportWithImplausibleRecords_skipsAndCountsThem() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            func record(_ start: String, _ end: String, _ value: String) -> String {
                #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="\#(start)" endDate="\#(end)" value="\#(value)"/>"#
            }
            let export = """
                <?xml version="1.0" encoding="UTF-8"?>
                <HealthData locale="en_US">
                \(record("2021-03-01 10:00:00 +0000", "2021-03-01 10:10:00 +0000", "1000"))
                \(record("2021-03-01 11:00:00 +0000", "2021-03-01 11:10:00 +0000", "1e19"))
                \(record("2021-03-01 12:00:00 +0000", "2021-03-01 12:10:00 +0000", "100001"))
                \(record("0001-01-01 00:00:00 +0000", "9999-12-31 23:59:59 +0000", "100"))
                \(record("1999-12-31 10:00:00 +0000", "1999-12-31 10:10:00 +0000", "100"))
                \(record("2021-03-02 10:00:00 +0000", "2021-03-04 10:00:00 +0000", "100"))
                </HealthData>

                """
            let response = try await app.uploadExport(export, token: account.token)
            #expect(response.status == .ok)
            let summary = try response.decoded(as: Operations.ImportHealthExport.Output.Ok.Body.JsonPayload.self)
            #expect(summary.stepSamples == 1)
            #expect(summary.samplesSkipped == 5)
            #expect(try await app.dailyStepTotals("from=2021-03-01&to=2021-03-31", token: account.token) == ["2021-03-01": 1_000])
        }
    }
}
