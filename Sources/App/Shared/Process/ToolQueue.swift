import Foundation
import NIOPosix

/// The line in front of the tool work: every piece of it (ffprobe and ffmpeg, the tempo and
/// motion-log analyses, report rendering, card drawing) waits here for one of ``threadCount``
/// places, so that no one stalls everyone else. A job's tools run as subprocesses; its
/// computing in Swift runs on the tool threads (``compute(_:)``), away from the event loops.
///
/// Fair by owner: an owner (a user, or one of the server's own jobs) has at most one job running
/// at a time, and when a thread frees up it goes to the next owner in turn that has work waiting
/// (round robin), not to whoever queued the most. So one account uploading twelve songs at once
/// keeps one thread busy and its other songs wait behind it, while another user's work starts on
/// the next free thread.
///
/// Bounded: an owner may have ``maximumWaitingPerOwner`` jobs waiting, and all owners together
/// ``maximumWaiting``; beyond that ``Full`` is thrown, which answers 503 with `Retry-After`.
actor ToolQueue {
    /// Whose work a job is.
    enum Owner: Hashable, Sendable {
        case user(UUID)
        /// Work of the server's own, named (`wish-cards`, `demo`): each name is one owner.
        case server(String)
    }

    /// Refused because too much work is waiting; try again after `retryAfterSeconds`.
    struct Full: Error, Equatable {
        let retryAfterSeconds: Int
    }

    let threads: NIOThreadPool
    let threadCount: Int
    let maximumWaiting: Int
    let maximumWaitingPerOwner: Int

    private var waiting: [Owner: [@Sendable () async -> Void]] = [:]
    /// Owners with work waiting and none running, in the order they are served. An owner whose
    /// job runs joins the back again when it ends, behind everyone who came meanwhile.
    private var turn: [Owner] = []
    private var running: Set<Owner> = []
    private var waitingCount = 0

    init(threads: NIOThreadPool, threadCount: Int, maximumWaiting: Int = 64, maximumWaitingPerOwner: Int = 4) {
        self.threads = threads
        self.threadCount = threadCount
        self.maximumWaiting = maximumWaiting
        self.maximumWaitingPerOwner = maximumWaitingPerOwner
    }

    /// Runs `work` when it is `owner`'s turn, and returns what it returned.
    func run<Value: Sendable>(for owner: Owner, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try checkRoom(for: owner)
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let job: @Sendable () async -> Void = {
                do { continuation.resume(returning: try await work()) } catch { continuation.resume(throwing: error) }
            }
            waiting[owner, default: []].append(job)
            waitingCount += 1
            if !running.contains(owner), !turn.contains(owner) { turn.append(owner) }
            startWhatCanRun()
        }
    }

    /// Runs blocking Swift work (an analysis of samples, a file's unpacking) on a tool thread,
    /// for a job that holds its place already.
    nonisolated func compute<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await threads.runIfActive(work)
    }

    /// Throws ``Full`` when `owner` could not queue a job now: asked before an upload is read, so
    /// a refused one costs no more than its headers.
    func checkRoom(for owner: Owner) throws {
        let mine = waiting[owner]?.count ?? 0
        guard mine < maximumWaitingPerOwner, waitingCount < maximumWaiting else { throw full }
    }

    private var full: Full {
        Full(retryAfterSeconds: max(1, min(60, waitingCount / max(1, threadCount) * 2)))
    }

    /// How many jobs wait and how many run, for tests and the log.
    var load: (waiting: Int, running: Int) { (waitingCount, running.count) }

    private func startWhatCanRun() {
        while running.count < threadCount, !turn.isEmpty {
            let owner = turn.removeFirst()
            guard var jobs = waiting[owner], !jobs.isEmpty else { continue }
            let job = jobs.removeFirst()
            waiting[owner] = jobs.isEmpty ? nil : jobs
            waitingCount -= 1
            running.insert(owner)
            Task {
                await job()
                self.finished(owner)
            }
        }
    }

    private func finished(_ owner: Owner) {
        running.remove(owner)
        if waiting[owner] != nil { turn.append(owner) }
        startWhatCanRun()
    }
}
