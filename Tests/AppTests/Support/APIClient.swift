import Foundation
import KineticAPI
import NIOCore
import Testing
import VaporTesting

@testable import App

/// A signed-up API user.
struct TestAccount {
    let customerId: String
    let token: String
    let email: String
    let password: String
}

/// JSON helpers over VaporTesting.
extension Application {
    func json(
        _ method: HTTPMethod, _ path: String, body: Any? = nil, rawBody: String? = nil, token: String? = nil,
        headers extra: HTTPHeaders = [:]
    ) async throws -> TestingHTTPResponse {
        var headers = extra
        headers.contentType = .json
        if let token { headers.bearerAuthorization = BearerAuthorization(token: token) }
        var buffer: ByteBuffer?
        if let body { buffer = ByteBuffer(data: try JSONSerialization.data(withJSONObject: body)) }
        if let rawBody { buffer = ByteBuffer(string: rawBody) }
        return try await testing().sendRequest(method, path, headers: headers, body: buffer)
    }

    /// Signs up through the API. The address then counts as confirmed (as `kinetic admin verify`
    /// would do), since most tests are about something else; `confirmed: false` leaves it as a
    /// fresh sign-up has it.
    func signUp(
        name: String = "Test User", email: String? = nil, password: String = "long-enough-pw", confirmed: Bool = true
    ) async throws -> TestAccount {
        let address = email ?? "user-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let response = try await json(.POST, "/api/v1/accounts", body: ["name": name, "email": address, "password": password])
        #expect(response.status == .created)
        let auth = try response.decoded(as: Components.Schemas.AuthResponse.self)
        let account = TestAccount(customerId: auth.customerId, token: auth.token, email: address, password: password)
        if confirmed { try await confirmAddress(of: account) }
        return account
    }

    /// Marks the account's address confirmed, as `kinetic admin verify` does.
    func confirmAddress(of account: TestAccount) async throws {
        let user = try #require(try await User.find(UUID(uuidString: account.customerId), on: db))
        user.emailVerifiedAt = Date()
        try await user.save(on: db)
        signedInTokens.forget(userID: try user.requireID())
    }
}

extension TestingHTTPResponse {
    /// The body parsed as a JSON object.
    func jsonObject() throws -> [String: Any] {
        let data = Data(body.readableBytesView)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "not a JSON object: \(body.string)")
    }

    /// The `error` member of an API error body.
    func apiError() throws -> [String: Any] {
        try #require(try jsonObject()["error"] as? [String: Any])
    }

    /// The body decoded as KineticAPI's type for it (`Components.Schemas.…`), dates as the
    /// generated client reads them: so a test reads the answer the way an iOS app would, and an
    /// answer that is not what the document says fails.
    func decoded<Value: Decodable>(as type: Value.Type = Value.self) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            let formatter = ISO8601DateFormatter()
            if let date = formatter.date(from: text) { return date }
            formatter.formatOptions.insert(.withFractionalSeconds)
            guard let date = formatter.date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 date: \(text)"))
            }
            return date
        }
        return try decoder.decode(Value.self, from: Data(body.readableBytesView))
    }
}
