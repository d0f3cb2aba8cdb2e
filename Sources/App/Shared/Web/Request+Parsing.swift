import Vapor

extension Request {
    /// Bodies up to this size are parsed where the request is answered: well under a
    /// millisecond. Larger ones never on an event loop.
    static let inlineParsingBytes = 16 << 10

    /// What `parse` makes of `bytes` bytes of this request's body. A small body is parsed at
    /// once; a larger one on a tool thread in the signed-in user's turn (``ToolQueue``: fair by
    /// account and by client network, 503 `busy` when too much waits), or on the application's
    /// thread pool for someone not signed in (whose bodies the default limit keeps to 1 MB), so
    /// the threads that answer everyone's requests never stall on one sender's JSON or form.
    func parsing<Value: Sendable>(bytes: Int, _ parse: @escaping @Sendable () throws -> Value) async throws -> Value {
        guard bytes > Self.inlineParsingBytes else { return try parse() }
        if auth.has(User.self) { return try await userTools().runBlocking(parse) }
        return try await application.threadPool.runIfActive(parse)
    }

    /// The body decoded as `type` (a form, multipart with its files), off the event loop when it
    /// is large (``parsing(bytes:_:)``).
    func decodedContent<Value: Content & Sendable>(_ type: Value.Type) async throws -> Value {
        try await parsing(bytes: body.data?.readableBytes ?? 0) { try self.content.decode(type) }
    }
}
