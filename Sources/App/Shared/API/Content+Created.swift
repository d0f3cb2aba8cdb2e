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
        refuseMethods(on: path, allowing: [.POST])
    }

    /// 405 with `Allow` for the methods `path` does not answer, so a constant path beside a
    /// parameter route (`/wishes/counts` beside `/wishes/{wishId}`) is never read as an id.
    func refuseMethods(on path: SiteURL, allowing allowed: [HTTPMethod]) {
        let names = allowed.map(\.rawValue) + (allowed.contains(.GET) ? ["HEAD"] : [])
        for method in [HTTPMethod.GET, .POST, .PUT, .PATCH, .DELETE] where !allowed.contains(method) {
            on(method, path.pathComponents) { _ -> Response in throw AppError.methodNotAllowed(allowed: names) }
                .refusesMethod = true
        }
    }
}
