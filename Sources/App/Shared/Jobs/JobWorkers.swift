import Fluent
import FluentPostgresDriver
import Foundation
import KineticCore
import NIOConcurrencyHelpers
import PostgresKit
import Vapor

/// What runs one kind of job: given the job (its payload is JSON), returns what to keep as its
/// result. An ``AppError`` with a 4xx status is a refusal, not tried again; any other error is
/// tried again until the job's tries are used.
typealias JobHandler = @Sendable (JobRecord, Application) async throws -> any Encodable & Sendable

/// The workers of one instance: ``slots`` loops that each claim a job from ``JobQueue``, run
/// its handler while keeping its lease, and record how it ended; and one loop that rescues
/// leases run out, stages scheduled jobs and prunes finished ones. They wake when a job goes
/// in (PostgreSQL `LISTEN`, or this instance's own enqueue on SQLite) and look again every
/// ``pollInterval`` seconds in any case.
///
/// Stopping (``stop(drainingFor:)``, on SIGTERM) claims nothing more, lets running jobs finish
/// for a while, then cancels them and gives them back so that another instance runs them.
final class JobWorkers: Sendable {
    let queue: JobQueue
    let slots: Int
    let lease: TimeInterval
    let pollInterval: TimeInterval
    /// How long finished jobs are kept for whoever asks how they ended.
    let keepFinished: TimeInterval = 7 * 24 * 3600
    private let clock: KineticClock
    private let logger: Logger
    private let handlers = NIOLockedValueBox<[String: JobHandler]>([:])
    private let wake = WakeSignal()
    private let state = NIOLockedValueBox(RunState())

    private struct RunState {
        var loops: [Task<Void, Never>] = []
        var running: [UUID: Task<Void, Never>] = [:]
        var stopping = false
        /// The connection `LISTEN` runs on, closed to stop it.
        var listener: PostgresConnection?
    }

    init(queue: JobQueue, slots: Int, lease: TimeInterval = 60, pollInterval: TimeInterval = 2, clock: KineticClock, logger: Logger) {
        self.queue = queue
        self.slots = max(1, slots)
        self.lease = lease
        self.pollInterval = pollInterval
        self.clock = clock
        self.logger = logger
    }

    /// Makes `kind`'s jobs run through `handler` (each module registers its own in `prepare`).
    func register(_ kind: String, _ handler: @escaping JobHandler) {
        handlers.withLockedValue { $0[kind] = handler }
    }

    /// The kinds of job this instance runs.
    var kinds: [String] { handlers.withLockedValue { $0.keys.sorted() } }

    /// Wakes this instance's idle workers (a job went in here).
    func wakeUp() { wake.signal() }

    /// Starts the loops; calling it again while they run does nothing.
    func start(_ app: Application) {
        state.withLockedValue { state in
            guard state.loops.isEmpty, !state.stopping else { return }
            for _ in 0..<slots { state.loops.append(Task { await self.work(app) }) }
            state.loops.append(Task { await self.maintain() })
            if case .postgres(let url) = app.kineticConfiguration.database,
                let configuration = try? SQLPostgresConfiguration(url: url).coreConfiguration
            {
                let eventLoop = app.eventLoopGroup.any()
                state.loops.append(Task { await self.listen(configuration, on: eventLoop) })
            }
        }
    }

    /// Claims nothing more; waits up to `seconds` for running jobs, then cancels the rest and
    /// gives them back.
    func stop(drainingFor seconds: TimeInterval) async {
        let loops = state.withLockedValue { state in
            state.stopping = true
            return state.loops
        }
        for loop in loops { loop.cancel() }
        wake.signal()
        try? await state.withLockedValue({ $0.listener })?.close().get()
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !state.withLockedValue({ $0.running.isEmpty }) {
            try? await Task.sleep(for: .milliseconds(100))
        }
        let unfinished = state.withLockedValue { $0.running }
        for (id, task) in unfinished {
            task.cancel()
            await task.value
            if (try? await queue.release(id, now: clock.now)) == true {
                logger.notice("Stopping: gave back job \(id) for another instance to run")
            }
        }
        for loop in loops { await loop.value }
        try? await queue.notify()
    }

    private var isStopping: Bool { state.withLockedValue { $0.stopping } }

    /// One worker: claim, run, record; wait for a wake-up when there is nothing to claim.
    private func work(_ app: Application) async {
        while !Task.isCancelled, !isStopping {
            let job: JobRecord?
            do {
                job = try await queue.claim(now: clock.now, lease: lease)
            } catch {
                logger.error("Claiming a job failed; trying again", metadata: ["error": "\(String(reflecting: error))"])
                job = nil
            }
            guard let job, let id = job.id else {
                await wake.wait(upTo: pollInterval)
                continue
            }
            let run = Task { await self.run(job, app: app) }
            let started = state.withLockedValue { state -> Bool in
                guard !state.stopping else { return false }
                state.running[id] = run
                return true
            }
            if !started { run.cancel() }
            await run.value
            state.withLockedValue { _ = $0.running.removeValue(forKey: id) }
        }
    }

    /// Runs `job`'s handler, keeping its lease while it runs, and records how it ended.
    private func run(_ job: JobRecord, app: Application) async {
        guard let id = job.id else { return }
        let started = ContinuousClock.now
        defer { KineticMetrics.recordJob(job.kind, since: started) }
        guard let handler = handlers.withLockedValue({ $0[job.kind] }) else {
            let failure = JobFailure(AppError(status: .internalServerError, code: "job_unknown", messageKey: "error.job.failed"))
            _ = try? await queue.fail(job, because: failure, permanent: true, now: clock.now)
            logger.error("No handler for job kind \(job.kind); discarded \(id)")
            return
        }
        let heartbeat = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(lease / 3))
                guard !Task.isCancelled else { return }
                _ = try? await queue.extendLease(id, now: clock.now, lease: lease)
            }
        }
        defer { heartbeat.cancel() }
        do {
            let result = try await handler(job, app)
            if Task.isCancelled { return }
            try await queue.complete(id, result: AnyEncodable(result), now: clock.now)
        } catch {
            // Cancelled because the instance stops: ``stop(drainingFor:)`` gives it back.
            if Task.isCancelled { return }
            let (failure, permanent) = Self.failure(error)
            if failure.status >= 500 {
                logger.warning("Job \(job.kind) \(id) failed (try \(job.attempt) of \(job.maxAttempts)): \(String(reflecting: error))")
            }
            _ = try? await queue.fail(job, because: failure, permanent: permanent, now: clock.now)
        }
    }

    /// What an error from a handler tells whoever waits, and whether another try could help.
    static func failure(_ error: any Error) -> (JobFailure, permanent: Bool) {
        let appError: AppError =
            switch error {
            case let appError as AppError: appError
            case let convertible as any AppErrorConvertible: convertible.appError
            case let failed as ToolProcess.Failed where failed.interruption != nil: .toolInterrupted(failed)
            default: AppError(status: .internalServerError, code: "job_failed", messageKey: "error.job.failed")
            }
        return (JobFailure(appError), (400..<500).contains(Int(appError.status.code)))
    }

    /// Rescues, stages and prunes, now and then.
    private func maintain() async {
        var lastPrune = Date.distantPast
        while !Task.isCancelled, !isStopping {
            do {
                let now = clock.now
                let rescued = try await queue.rescue(now: now)
                if rescued > 0 {
                    logger.notice("Rescued \(rescued) jobs whose instance stopped holding them")
                    wake.signal()
                }
                try await queue.stage(now: now)
                if Date().timeIntervalSince(lastPrune) > 600 {
                    try await queue.prune(olderThan: keepFinished, now: now)
                    lastPrune = Date()
                }
            } catch {
                logger.warning("Job upkeep failed; trying again", metadata: ["error": "\(String(reflecting: error))"])
            }
            try? await Task.sleep(for: .seconds(max(1, min(15, lease / 4))))
        }
    }

    /// Wakes the workers on every `NOTIFY kinetic_jobs` (a job went in on any instance), on a
    /// connection of its own (not the pool's, which it would hold for good); after a lost
    /// connection it listens again.
    private func listen(_ configuration: PostgresConnection.Configuration, on eventLoop: any EventLoop) async {
        while !Task.isCancelled, !isStopping {
            do {
                let connection = try await PostgresConnection.connect(
                    on: eventLoop, configuration: configuration, id: 1, logger: logger
                ).get()
                let listening = state.withLockedValue { state -> Bool in
                    guard !state.stopping else { return false }
                    state.listener = connection
                    return true
                }
                guard listening else {
                    try? await connection.close().get()
                    return
                }
                try await connection.listen(on: JobQueue.channel) { notifications in
                    for try await _ in notifications {
                        if self.isStopping { return }
                        self.wake.signal()
                    }
                }
                try? await connection.close().get()
            } catch {
                if isStopping { return }
                logger.warning("Listening for jobs failed; listening again", metadata: ["error": "\(String(reflecting: error))"])
                try? await Task.sleep(for: .seconds(pollInterval))
            }
        }
    }
}

/// A wake-up many waiters share: ``signal()`` wakes everyone waiting now.
final class WakeSignal: Sendable {
    private struct Waiters {
        var waiting: [UUID: CheckedContinuation<Void, Never>] = [:]
        var cancelled: Set<UUID> = []
    }

    private let waiters = NIOLockedValueBox(Waiters())

    func signal() {
        let all = waiters.withLockedValue { waiters in
            defer { waiters.waiting = [:] }
            return waiters.waiting
        }
        for continuation in all.values { continuation.resume() }
    }

    /// Returns on the next ``signal()``, after `seconds`, or when cancelled.
    func wait(upTo seconds: TimeInterval) async {
        let id = UUID()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        let cancelled = self.waiters.withLockedValue { waiters in
                            if waiters.cancelled.remove(id) != nil { return true }
                            waiters.waiting[id] = continuation
                            return false
                        }
                        if cancelled { continuation.resume() }
                    }
                } onCancel: {
                    let continuation = self.waiters.withLockedValue { waiters in
                        let found = waiters.waiting.removeValue(forKey: id)
                        if found == nil { waiters.cancelled.insert(id) }
                        return found
                    }
                    continuation?.resume()
                }
            }
            group.addTask { try? await Task.sleep(for: .seconds(seconds)) }
            await group.next()
            group.cancelAll()
        }
        waiters.withLockedValue { _ = $0.cancelled.remove(id) }
    }
}

/// Any `Encodable` as one value, for results of handlers of every kind.
struct AnyEncodable: Encodable {
    let value: any Encodable

    init(_ value: any Encodable) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}
