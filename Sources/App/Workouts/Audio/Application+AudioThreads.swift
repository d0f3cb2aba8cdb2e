import NIOPosix
import Vapor

extension Application {
    private struct AudioThreadsKey: StorageKey { typealias Value = NIOThreadPool }

    /// How many songs are decoded and analysed at once.
    static let audioThreadCount = 2

    /// Threads for ffprobe, ffmpeg, the tempo analysis and motion logs' rates, apart from ``threadPool``: SQLite
    /// sleeps on that pool while it waits for a lock, and a decode of several seconds there
    /// would keep the writer holding the lock from committing. Two at a time also keeps a burst
    /// of uploads from taking every core.
    var audioThreads: NIOThreadPool {
        storage.configured(AudioThreadsKey.self, "the audio threads")
    }

    /// Starts the audio threads; called once by `configure(_:_:)`, stopped at shutdown.
    func startAudioThreads() async {
        let pool = NIOThreadPool(numberOfThreads: Self.audioThreadCount)
        pool.start()
        await storage.setWithAsyncShutdown(AudioThreadsKey.self, to: pool) { try await $0.shutdownGracefully() }
    }
}
