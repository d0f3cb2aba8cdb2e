import KineticCore
import Vapor

/// Tool work on someone's behalf: each piece waits its owner's turn in the ``ToolQueue``, and
/// its shares' (the client network it came from).
struct ToolRunner: Sendable {
    let queue: ToolQueue
    let owner: ToolQueue.Owner
    var shares: Set<String> = []

    /// Runs `work` in `owner`'s turn; throws ``ToolQueue/Full`` when too much work waits already,
    /// ``ToolQueue/CoolingDown`` after a file too costly to read.
    func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await queue.run(for: owner, shares: shares, work)
    }

    /// Runs blocking work on a tool thread in `owner`'s turn.
    func runBlocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        let queue = queue
        return try await run { try await queue.compute(work) }
    }

    /// Blocking work on a tool thread for a job that holds its turn already (``run(_:)``).
    func compute<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await queue.compute(work)
    }

    /// Throws ``ToolQueue/Full`` or ``ToolQueue/CoolingDown`` when the owner's work could not
    /// queue now (see ``ToolQueue/checkRoom(for:shares:)``).
    func checkRoom() async throws {
        try await queue.checkRoom(for: owner, shares: shares)
    }
}
