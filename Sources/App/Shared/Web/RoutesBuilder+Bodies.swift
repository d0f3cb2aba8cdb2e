import Vapor

extension RoutesBuilder {
    /// A route whose body Vapor collects into memory before `handler` runs, up to `maximumBytes`.
    /// The limit is kept on the route, so that ``RequestLimitsMiddleware`` answers 413 to a
    /// larger declared `Content-Length` before a byte of the body is read.
    @discardableResult
    func on<Answer: AsyncResponseEncodable>(
        _ method: HTTPMethod, _ path: [PathComponent], collectingAtMost maximumBytes: Int,
        use handler: @Sendable @escaping (Request) async throws -> Answer
    ) -> Route {
        let route = on(method, path, body: .collect(maxSize: ByteCount(value: maximumBytes)), use: handler)
        route.maximumBodyBytes = maximumBytes
        return route
    }

    /// A route whose `handler` reads the body as it arrives (``Request/receiveUpload(into:maximumBytes:)``),
    /// which may not pass `maximumBytes`; kept on the route as for a collected body.
    @discardableResult
    func on<Answer: AsyncResponseEncodable>(
        _ method: HTTPMethod, _ path: [PathComponent], streamingAtMost maximumBytes: Int,
        use handler: @Sendable @escaping (Request) async throws -> Answer
    ) -> Route {
        let route = on(method, path, body: .stream, use: handler)
        route.maximumBodyBytes = maximumBytes
        return route
    }
}

extension Route {
    /// The largest body this route reads; nil for a route that takes the application's default.
    var maximumBodyBytes: Int? {
        get { userInfo["kinetic.maximumBodyBytes"] as? Int }
        set { userInfo["kinetic.maximumBodyBytes"] = newValue }
    }
}

extension Request {
    /// The largest body the matched route reads: its own limit, or the application's default.
    var maximumBodyBytes: Int {
        route?.maximumBodyBytes ?? application.routes.defaultMaxBodySize.value
    }

    /// Stops reading the body: Vapor reads no more of the connection, and what the client still
    /// sends waits in its socket until the idle timeout closes it. For a body refused unread.
    func refuseBody() {
        let eventLoop = eventLoop
        body.drain { _ in eventLoop.makeFailedFuture(AppError.uploadIncomplete) }
    }
}
