import Vapor

extension Request {
    /// Bodies up to this size are parsed where the request is answered: well under a
    /// millisecond. Larger ones never on an event loop.
    static let inlineParsingBytes = 16 << 10

    /// What `parse` makes of `bytes` bytes of this request's body. A small body is parsed at
    /// once; a larger one on a parsing thread in its sender's turn (``Application/parsingQueue``:
    /// fair by account and by client network, 503 `busy` when too much waits; someone not
    /// signed in is their network), so the threads that answer everyone's requests never stall
    /// on one sender's JSON or form, and no parse waits behind a song's analysis.
    func parsing<Value: Sendable>(bytes: Int, _ parse: @escaping @Sendable () throws -> Value) async throws -> Value {
        guard bytes > Self.inlineParsingBytes else { return try parse() }
        let shares = toolShares
        let owner: ToolQueue.Owner =
            if let id = auth.get(User.self)?.id { .user(id) } else { .server(shares.sorted().first ?? "anonymous") }
        let queue = application.parsingQueue
        return try await queue.run(for: owner, shares: shares) { try await queue.compute(parse) }
    }

    /// The body decoded as `type` (a form, multipart with its files), off the event loop when it
    /// is large (``parsing(bytes:_:)``).
    func decodedContent<Value: Content & Sendable>(_ type: Value.Type) async throws -> Value {
        try await parsing(bytes: body.data?.readableBytes ?? 0) { try self.content.decode(type) }
    }
}
