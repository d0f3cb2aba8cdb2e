import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Signs every request with `Authorization: Bearer <token>`, the token sign-up or login gave:
///
///     let client = Client(serverURL: url, transport: URLSessionTransport(), middlewares: [BearerToken(token)])
public struct BearerToken: ClientMiddleware {
    public let token: String

    public init(_ token: String) { self.token = token }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}
