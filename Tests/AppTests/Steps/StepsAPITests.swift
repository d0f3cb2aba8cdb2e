import Fluent
import Foundation
import KineticAPI
import KineticCore
import NIOCore
import Testing
import VaporTesting
import ZIPFoundation

@testable import App

@Suite struct StepsAPITests {
    /// An export with an iPhone and an Apple Watch recording the same walk, and a manual entry.
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (Record)*>
        ]>
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ana’s iPhone" device="&lt;&lt;HKDevice&gt;, name:iPhone&gt;" unit="count" startDate="2021-03-01 10:00:00 -0800" endDate="2021-03-01 10:10:00 -0800" value="1000"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ana’s Apple Watch" device="&lt;&lt;HKDevice&gt;, name:Apple Watch&gt;" unit="count" startDate="2021-03-01 10:05:00 -0800" endDate="2021-03-01 10:10:00 -0800" value="600"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Health" unit="count" startDate="2021-03-02 09:00:00 -0800" endDate="2021-03-02 09:00:00 -0800" value="2500">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
         </Record>
        </HealthData>

        """

    /// The answer to an Apple Health import.
    private typealias ImportResult = Operations.ImportHealthExport.Output.Ok.Body.JsonPayload

    @Test func importedExport_givesDeduplicatedDailyTotals_andReimportChangesNothing() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let first = try await app.uploadExport(Self.export, token: account.token)
            #expect(first.status == .ok)
            #expect(try first.decoded(as: ImportResult.self).stepSamples == 3)
            let expected: [String: Int] = ["2021-03-01": 500 + 600, "2021-03-02": 2_500]
            func totals() async throws -> [String: Int] {
                try await app.dailyStepTotals("from=2021-03-01&to=2021-03-31", token: account.token)
            }
            #expect(try await totals() == expected)
            #expect(try await app.uploadExport(Self.export, token: account.token).status == .ok)
            #expect(try await totals() == expected)
            #expect(try await StepSampleRecord.query(on: app.db).count() == 3)
        }
    }

    @Test func truncatedExport_isRefused_andNothingIsKept() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let cut = String(Self.export.prefix(Self.export.count - 60))
            let response = try await app.uploadExport(cut, token: account.token)
            #expect(response.status == .unprocessableEntity)
            let message = try response.decoded(as: Components.Schemas.ErrorResponse.self).error.message
            #expect(message.contains("Nothing was imported"))
            #expect(message.contains("line"))
            #expect(try await StepSampleRecord.query(on: app.db).count() == 0)
            #expect(try await DailyStepTotalRecord.query(on: app.db).count() == 0)
            #expect(try await StepImportRecord.query(on: app.db).count() == 0, "a failed import leaves no history row")
        }
    }

    @Test func importResult_namesTheImportAndTheDatesItCovers() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let result = try await app.uploadExport(Self.export, token: account.token).decoded(as: ImportResult.self)
            #expect(result.recordsRead == 3)
            #expect(result.daysUpdated == 2)
            #expect(result.firstDate == "2021-03-01")
            #expect(result.lastDate == "2021-03-02")
            let id = try #require(UUID(uuidString: result.id))
            let record = try #require(try await StepImportRecord.find(id, on: app.db))
            #expect(record.importedAt == testNow)
            #expect(record.$user.id == UUID(uuidString: account.customerId))
        }
    }

    @Test func importWithoutSteps_hasNoDates() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let empty = "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\"></HealthData>\n"
            let response = try await app.uploadExport(empty, token: account.token)
            #expect(try response.decoded(as: ImportResult.self).daysUpdated == 0)
            // Raw on purpose: both dates are present as `null`, which decoding cannot tell from missing members.
            let body = try response.jsonObject()
            #expect(body["firstDate"] is NSNull)
            #expect(body["lastDate"] is NSNull)
        }
    }

    /// A zip cut off mid-download: refused with a clear message, and nothing of it is kept.
    @Test func truncatedZip_isRefused_andNothingIsKept() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-\(UUID().uuidString).zip")
            defer { try? FileManager.default.removeItem(at: url) }
            let archive = try Archive(url: url, accessMode: .create)
            // Enough records that the cut falls inside the export, not in the zip's directory.
            let records = (0..<2_000).map { index in
                " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Ana’s iPhone\" unit=\"count\" startDate=\"2021-03-01 10:00:00 -0800\" endDate=\"2021-03-01 10:00:\(String(format: "%02d", index % 60)) -0800\" value=\"\(index)\"/>\n"
            }.joined()
            let export = Data(Self.export.replacingOccurrences(of: "</HealthData>", with: records + "</HealthData>").utf8)
            try archive.addEntry(
                with: "apple_health_export/export.xml", type: .file, uncompressedSize: Int64(export.count), compressionMethod: .deflate
            ) { position, size in
                export.subdata(in: Int(position)..<Int(position) + size)
            }
            let zip = try Data(contentsOf: url)
            var headers = HTTPHeaders()
            headers.bearerAuthorization = BearerAuthorization(token: account.token)
            headers.contentType = .zip
            let response = try await app.testing().sendRequest(
                .POST, "/api/v1/health/import", headers: headers, body: ByteBuffer(data: zip.prefix(zip.count / 2)))
            #expect(response.status == .unprocessableEntity)
            let message = try response.decoded(as: Components.Schemas.ErrorResponse.self).error.message
            #expect(message.contains("Nothing was imported"))
            #expect(message.contains("zip"))
            #expect(try await StepSampleRecord.query(on: app.db).count() == 0)
            #expect(try await DailyStepTotalRecord.query(on: app.db).count() == 0)
            #expect(try await StepSourceRecord.query(on: app.db).count() == 0)
        }
    }

    @Test func pushedSamples_areIdempotent_andReplaceTheirPeriod() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            func push(_ quantity: Int) async throws -> TestingHTTPResponse {
                try await app.json(
                    .POST, "/api/v1/health/samples?interval=hour",
                    body: [
                        "data": [
                            "metrics": [
                                ["name": "heart_rate", "units": "count/min", "data": [["qty": 70, "date": "2021-05-01 08:00:00 +0200"]]],
                                [
                                    "name": "step_count", "units": "count",
                                    "data": [
                                        ["qty": quantity, "date": "2021-05-01 08:00:00 +0200", "source": "Ana’s iPhone"],
                                        ["qty": 300, "date": "2021-05-01 22:30:00 +0200", "source": "Ana’s iPhone"],
                                    ],
                                ],
                            ]
                        ]
                    ], token: account.token)
            }
            #expect(try await push(1_000).status == .ok)
            #expect(try await push(1_000).status == .ok)
            var days = try await app.dailySteps("from=2021-05-01&to=2021-05-02", token: account.token)
            #expect(days.count == 1)
            #expect(days.first?.steps == 1_300)
            #expect(try await push(1_200).status == .ok) // the automation re-sent the period with a new count
            days = try await app.dailySteps("from=2021-05-01&to=2021-05-02", token: account.token)
            #expect(days.first?.steps == 1_500)
        }
    }

    @Test func invalidPushesAndRanges_are422() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let badDate = try await app.json(
                .POST, "/api/v1/health/samples",
                body: ["data": ["metrics": [["name": "step_count", "data": [["qty": 5, "date": "yesterday"]]]]]], token: account.token)
            #expect(badDate.status == .unprocessableEntity)
            let badDateError = try badDate.decoded(as: Components.Schemas.ErrorResponse.self).error
            #expect(badDateError.fields?.additionalProperties["data.metrics[0].data[0].date"] != nil)
            let badShape = try await app.json(.POST, "/api/v1/health/samples", body: ["metrics": []], token: account.token)
            #expect(badShape.status == .unprocessableEntity)
            // Other metrics are ignored, but must still have the documented shape.
            let ignoredButMalformed = try await app.json(
                .POST, "/api/v1/health/samples", body: ["data": ["metrics": [["name": "heart_rate", "data": [[1, 2]]]]]],
                token: account.token)
            let malformed = try ignoredButMalformed.decoded(as: Components.Schemas.ErrorResponse.self).error
            #expect(malformed.fields?.additionalProperties["data.metrics[0].data"] != nil)
            let namelessMetric = try await app.json(
                .POST, "/api/v1/health/samples", body: ["data": ["metrics": [["name": 7, "data": []]]]], token: account.token)
            #expect(namelessMetric.status == .unprocessableEntity)
            let otherMetric = try await app.json(
                .POST, "/api/v1/health/samples",
                body: ["data": ["metrics": [["name": "heart_rate", "units": "bpm", "data": [["Avg": 61]]]]]], token: account.token)
            #expect(otherMetric.status == .ok)
            #expect(
                try await app.json(.GET, "/api/v1/steps/daily?from=2021-05-10&to=2021-05-01", token: account.token).status
                    == .unprocessableEntity)
            #expect(try await app.json(.GET, "/api/v1/steps/daily?from=May", token: account.token).status == .unprocessableEntity)
            #expect(try await StepSampleRecord.query(on: app.db).count() == 0)
        }
    }

    @Test func stepsOfAnotherUser_areNeverVisible() async throws {
        try await withKinetic { app in
            let alice = try await app.signUp()
            let bob = try await app.signUp()
            #expect(try await app.uploadExport(Self.export, token: alice.token).status == .ok)
            #expect(try await app.dailySteps("from=2021-03-01&to=2021-03-31", token: bob.token).isEmpty)
            #expect(try await app.json(.GET, "/api/v1/steps/daily").status == .unauthorized)
        }
    }
}
