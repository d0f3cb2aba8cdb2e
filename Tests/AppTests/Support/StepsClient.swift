import Foundation
import KineticAPI
import NIOCore
import Testing
import VaporTesting

@testable import App

/// Steps API helpers shared by the Steps suites.
extension Application {
    /// Posts an Apple Health export (XML text) to `/api/v1/health/import`.
    func uploadExport(_ text: String, token: String) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.bearerAuthorization = BearerAuthorization(token: token)
        headers.contentType = .xml
        return try await testing().sendRequest(.POST, "/api/v1/health/import", headers: headers, body: ByteBuffer(string: text))
    }

    /// `GET /api/v1/steps/daily?<query>`, decoded.
    func dailySteps(_ query: String, token: String) async throws -> [Components.Schemas.DailySteps] {
        let response = try await json(.GET, "/api/v1/steps/daily?\(query)", token: token)
        #expect(response.status == .ok)
        return try response.decoded()
    }

    /// The daily totals of `query` by date.
    func dailyStepTotals(_ query: String, token: String) async throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try await dailySteps(query, token: token).map { ($0.date, $0.steps) })
    }
}
