import NIOPosix
import Vapor

extension Application {
    private struct ToolThreadsKey: StorageKey { typealias Value = NIOThreadPool }

    /// How many external tools and analyses run at once.
    static let toolThreadCount = 2

    /// Threads for the external tools (ffprobe, ffmpeg, poppler, qpdf), the tempo analysis and
    /// motion logs' rates, apart from ``threadPool``: SQLite
    /// sleeps on that pool while it waits for a lock, and a decode of several seconds there
    /// would keep the writer holding the lock from committing. Two at a time also keeps a burst
    /// of uploads or a report import from taking every core.
    var toolThreads: NIOThreadPool {
        storage.configured(ToolThreadsKey.self, "the tool threads")
    }

    /// Starts the tool threads; called once by `configure(_:_:)`, stopped at shutdown.
    func startToolThreads() async {
        let pool = NIOThreadPool(numberOfThreads: Self.toolThreadCount)
        pool.start()
        await storage.setWithAsyncShutdown(ToolThreadsKey.self, to: pool) { try await $0.shutdownGracefully() }
    }
}
