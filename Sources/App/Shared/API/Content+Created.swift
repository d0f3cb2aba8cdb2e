import Vapor

extension AsyncResponseEncodable {
    /// This body as `201 Created` with `Location` naming the new resource.
    func created(at location: SiteURL, for request: Request) async throws -> Response {
        let response = try await encodeResponse(status: .created, for: request)
        response.headers.replaceOrAdd(name: .location, value: location.path)
        return response
    }
}

extension RoutesBuilder {
    /// 405 with `Allow: POST` for the other methods on `path`, a path that answers POST only
    /// (without these, a path like `/workouts/generate` would be read as an id by a route beside it).
    func refuseMethodsOtherThanPOST(_ path: SiteURL) {
        for method in [HTTPMethod.GET, .PUT, .PATCH, .DELETE] {
            on(method, path.pathComponents) { _ -> Response in throw AppError.methodNotAllowed(allowed: ["POST"]) }
                .refusesMethod = true
        }
    }
}
