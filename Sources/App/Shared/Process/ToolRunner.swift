import Foundation
import NIOConcurrencyHelpers

/// Tool work on someone's behalf: each piece waits its owner's turn in the tool line
/// (``ToolQueue``), and its shares' (the client network it came from), then runs. The live
/// value is ``live(queue:owner:shares:)`` (``Application/tools(for:shares:)``); a test builds
/// one that runs the work at once, or one that fails the test when any work is asked of it.
struct ToolRunner: Sendable {
    /// The shares the owner's work also counts against; carried into the jobs it puts in.
    let shares: Set<String>
    /// Runs `work` in the owner's turn; throws ``ToolQueue/Full`` when too much work waits
    /// already, ``ToolQueue/CoolingDown`` after a file too costly to read.
    let inTurn: @Sendable (_ work: @escaping @Sendable () async throws -> Void) async throws -> Void
    /// Runs blocking `work` on a tool thread, apart from the threads that answer requests.
    let onToolThread: @Sendable (_ work: @escaping @Sendable () throws -> Void) async throws -> Void
    /// Throws ``ToolQueue/Full`` or ``ToolQueue/CoolingDown`` when the owner's work could not
    /// queue now (see ``ToolQueue/checkRoom(for:shares:)``).
    let checkRoom: @Sendable () async throws -> Void
    /// Runs `work` in the owner's turn, or beside the owner's other work on a thread nobody
    /// else is waiting for (``ToolQueue``'s spreading work); nil where there are no turns.
    var inSpareTurn: (@Sendable (_ work: @escaping @Sendable () async throws -> Void) async throws -> Void)? = nil

    /// Runs `work` in the owner's turn (``inTurn``; with `spreading`, ``inSpareTurn``: work
    /// that comes in short pieces, whose owner does not hold a thread long), and gives back
    /// what it made.
    func run<Value: Sendable>(spreading: Bool = false, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let turn = (spreading ? inSpareTurn : nil) ?? inTurn
        return try await Self.made { keep in try await turn { keep(try await work()) } }
    }

    /// Runs blocking work on a tool thread in the owner's turn.
    func runBlocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await run { [self] in try await compute(work) }
    }

    /// Blocking work on a tool thread for a job that holds its turn already (``run(_:)``).
    func compute<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await Self.made { keep in try await onToolThread { keep(try work()) } }
    }

    /// What `running` handed to its `keep` (the closures above pass work that returns nothing);
    /// ``NotRun`` when it returned without running the work.
    private static func made<Value: Sendable>(
        _ running: (_ keep: @escaping @Sendable (Value) -> Void) async throws -> Void
    ) async throws -> Value {
        let made = NIOLockedValueBox<Value?>(nil)
        try await running { value in made.withLockedValue { $0 = value } }
        guard let value = made.withLockedValue({ $0 }) else { throw NotRun() }
        return value
    }

    /// A runner that returned without running the work it was given (a test's, by mistake).
    struct NotRun: Error {}
}

extension ToolRunner {
    /// Work for `owner` in its turn of `queue`, counted also against `shares`.
    static func live(queue: ToolQueue, owner: ToolQueue.Owner, shares: Set<String> = []) -> ToolRunner {
        ToolRunner(
            shares: shares,
            inTurn: { work in try await queue.run(for: owner, shares: shares, work) },
            onToolThread: { work in try await queue.compute(work) },
            checkRoom: { try await queue.checkRoom(for: owner, shares: shares) },
            inSpareTurn: { work in try await queue.run(for: owner, shares: shares, spreading: true, work) })
    }
}
