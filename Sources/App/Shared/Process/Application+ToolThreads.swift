import KineticCore
import NIOPosix
import Vapor

extension Application {
    private struct ToolThreadsKey: StorageKey { typealias Value = NIOThreadPool }
    private struct ToolQueueKey: StorageKey { typealias Value = ToolQueue }
    private struct ParsingThreadsKey: StorageKey { typealias Value = NIOThreadPool }
    private struct ParsingQueueKey: StorageKey { typealias Value = ToolQueue }

    /// How many external tools and analyses run at once (``ToolQueue/threadsForTools``).
    static let toolThreadCount = ToolQueue.threadsForTools

    /// The fair line in front of the tool threads (see ``ToolQueue``): the external tools (ffprobe,
    /// ffmpeg, poppler, qpdf, rsvg-convert), the tempo analysis and motion logs' rates, on threads
    /// apart from ``threadPool``: SQLite sleeps on that pool while it waits for a lock, and a
    /// decode of several seconds there would keep the writer holding the lock from committing.
    /// Two at a time also keeps a burst of uploads or a report import from taking every core.
    var toolQueue: ToolQueue {
        storage.configured(ToolQueueKey.self, "the tool queue")
    }

    /// The fair line in front of the parsing threads: large request bodies (JSON, forms) are
    /// parsed there, in their sender's turn, apart from the tool threads, where a song's analysis
    /// or a report's rendering can hold a place for minutes (``Request/parsing(bytes:_:)``).
    var parsingQueue: ToolQueue {
        storage.configured(ParsingQueueKey.self, "the parsing queue")
    }

    /// Tool work on behalf of `owner`, counted also against `shares` (``ToolQueue``).
    func tools(for owner: ToolQueue.Owner, shares: Set<String> = []) -> ToolRunner {
        .live(queue: toolQueue, owner: owner, shares: shares)
    }

    /// Starts the tool and parsing threads and their lines; called once by `configure(_:_:)`,
    /// stopped at shutdown.
    func startToolThreads() async {
        await startFairLine(threads: ToolThreadsKey.self, line: ToolQueueKey.self)
        await startFairLine(threads: ParsingThreadsKey.self, line: ParsingQueueKey.self, count: 2, spareThreads: false)
    }

    /// A ``ToolQueue`` of `count` places under `line`, and threads of its own under `threads`
    /// (shut down with the application): one a place, and one a spare place with `spareThreads`.
    private func startFairLine<Threads: StorageKey, Line: StorageKey>(
        threads: Threads.Type, line: Line.Type, count: Int = Application.toolThreadCount, spareThreads: Bool = true
    ) async where Threads.Value == NIOThreadPool, Line.Value == ToolQueue {
        // With as many threads again for the spare places (``ToolQueue``), each of which may
        // compute; parsing never spreads.
        let pool = NIOThreadPool(numberOfThreads: spareThreads ? 2 * count : count)
        pool.start()
        await storage.setWithAsyncShutdown(threads, to: pool) { try await $0.shutdownGracefully() }
        storage[line] = ToolQueue(threads: pool, threadCount: count, clock: kineticConfiguration.clock)
    }
}

extension Request {
    /// Tool work for the signed-in user, shared with the network the request came from
    /// (``ClientAddress/network(of:)``) and with the accounts made beside theirs.
    func userTools() throws -> ToolRunner {
        application.tools(for: .user(try requireUser().requireID()), shares: toolShares)
    }

    /// The shares this request's tool work counts against: its client's network, and the
    /// signed-in account's sign-up share (``User/signUpShare``).
    var toolShares: Set<String> {
        var shares: Set<String> = []
        if let network = clientAddress.flatMap(ClientAddress.network(of:)) { shares.insert("net:" + network) }
        if let share = auth.get(User.self)?.signUpShare(at: now) { shares.insert(share) }
        return shares
    }
}
