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

/// The workers of one instance: ``slots`` loops that each claim a job of a kind this instance
/// runs from ``JobQueue``, run its handler while a heartbeat keeps its lease, and record how it
/// ended; and one loop that rescues leases run out, stages scheduled jobs and prunes finished
/// ones. They wake when a job goes in (PostgreSQL `LISTEN`, or this instance's own enqueue)
/// and look again every ``pollInterval`` seconds in any case. A run whose lease is lost (it
/// stalled, and the job was rescued for another try) is cancelled.
///
/// Stopping (``stop(drainingFor:)``, on SIGTERM) claims nothing more and lets running jobs
/// finish for a while; then it cancels them and gives them back so that another instance runs
/// them, without waiting for a handler that does not notice the cancellation (its result, if
/// it still comes, is refused: the lease is gone).
final class JobWorkers: Sendable {
    let queue: JobQueue
    let slots: Int
    let lease: TimeInterval
    let pollInterval: TimeInterval
    /// How long finished jobs are kept for whoever asks how they ended.
    let keepFinished: TimeInterval = 7 * 24 * 3600
    private let clock: KineticClock
    private let logger: Logger
    private let handlers = NIOLockedValueBox<[String: (lane: Lane, run: JobHandler)]>([:])
    private let wake = WakeSignal()
    /// Signalled whenever a run here ends, however it ended (``waitForEnd(upTo:unlessSignalledSince:)``),
    /// and when a worker loop ends (what a stop waits for).
    private let ended = WakeSignal()
    private let state = NIOLockedValueBox(RunState())

    private struct RunState {
        var workers: [Task<Void, Never>] = []
        var upkeep: [Task<Void, Never>] = []
        /// The jobs running, with the task running each.
        var running: [UUID: (job: JobRecord, task: Task<Void, Never>)] = [:]
        /// How many of ``workers`` have returned.
        var workersEnded = 0
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

    /// Which workers run a kind of job.
    enum Lane: Sendable {
        /// The ``slots`` workers, one per tool thread: jobs that run programs (ffmpeg, the PDF
        /// tools) for seconds or minutes.
        case tools
        /// One worker of its own: short jobs that wait only for a network (a push to a phone),
        /// so a long import never holds them up and they never take a tool's turn.
        case quick
    }

    /// Makes `kind`'s jobs run through `handler` on `lane`'s workers (each module registers
    /// its own in `prepare`).
    func register(_ kind: String, lane: Lane = .tools, _ handler: @escaping JobHandler) {
        handlers.withLockedValue { $0[kind] = (lane, handler) }
    }

    /// The kinds of job this instance runs.
    var kinds: [String] { handlers.withLockedValue { $0.keys.sorted() } }

    /// The kinds of job `lane`'s workers run.
    func kinds(in lane: Lane) -> [String] {
        handlers.withLockedValue { $0.filter { $0.value.lane == lane }.keys.sorted() }
    }

    /// Wakes this instance's idle workers (a job went in here).
    func wakeUp() { wake.signal() }

    /// Starts the loops; calling it again while they run does nothing.
    func start(_ app: Application) {
        state.withLockedValue { state in
            guard state.workers.isEmpty, !state.stopping else { return }
            for _ in 0..<slots { state.workers.append(Task { await self.work(app, lane: .tools) }) }
            state.workers.append(Task { await self.work(app, lane: .quick) })
            state.upkeep.append(Task { await self.maintain() })
            state.upkeep.append(Task { await self.sweepIncoming(app) })
            if case .postgres(let url) = app.kineticConfiguration.database,
                let configuration = try? SQLPostgresConfiguration(url: url).coreConfiguration
            {
                let eventLoop = app.eventLoopGroup.any()
                state.upkeep.append(Task { await self.listen(configuration, on: eventLoop) })
            }
        }
    }

    /// Claims nothing more; lets running jobs finish for up to `seconds`, then cancels them and
    /// gives them back, and waits for the worker loops to end (their last claim or release
    /// done). Returns within about `seconds` plus three seconds whatever the handlers do.
    func stop(drainingFor seconds: TimeInterval) async {
        let (workers, upkeep) = state.withLockedValue { state in
            state.stopping = true
            return (state.workers, state.upkeep)
        }
        for task in workers + upkeep { task.cancel() }
        wake.signal()
        try? await state.withLockedValue({ $0.listener })?.close().get()
        await wait(upTo: seconds) { state.withLockedValue { $0.running.isEmpty } }
        let unfinished = state.withLockedValue { $0.running.values }
        for (_, task) in unfinished { task.cancel() }
        await wait(upTo: 1) { state.withLockedValue { $0.running.isEmpty } }
        for (job, _) in state.withLockedValue({ $0.running.values }) {
            if (try? await queue.release(job, now: clock.now)) == true {
                logger.notice("Stopping: gave back job \(job.kind) \(job.id?.uuidString ?? "") for another instance to run")
            }
        }
        // A loop cancelled mid-claim still holds a database connection: the databases close
        // after this returns, and a connection given back to a closed pool after its threads
        // stopped is never closed (SQLite's driver traps on it in debug builds).
        await wait(upTo: 2) { workerLoopsRunning == 0 }
        let stragglers = workerLoopsRunning
        if stragglers > 0 {
            logger.warning("Stopping: \(stragglers) job workers still wait for handlers that ignore cancellation")
        }
        for task in upkeep { await task.value }
        try? await queue.notify()
    }

    /// Returns once `done` is true, looking again each time a run or a worker loop ends, or
    /// after `seconds` of real time: a stop's bound is the service manager's (systemd's
    /// `TimeoutStopSec=`), which no test clock moves.
    private func wait(upTo seconds: TimeInterval, until done: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            let seen = ended.generation
            let left = deadline - ContinuousClock.now
            if done() || left <= .zero { return }
            await ended.wait(upTo: left / .seconds(1), on: .system, unlessSignalledSince: seen)
        }
    }

    /// How many runs of this instance have ended: pass it to ``waitForEnd(upTo:unlessSignalledSince:)``.
    var runsEnded: Int { ended.generation }

    /// Returns when a run of this instance ends (at once if one ended since `seen`), or after
    /// `seconds` of real time: whoever waits for a job answers a request, whose patience is the
    /// client's, not the clock's.
    func waitForEnd(upTo seconds: TimeInterval, unlessSignalledSince seen: Int) async {
        await ended.wait(upTo: seconds, on: .system, unlessSignalledSince: seen)
    }

    /// How many worker loops have not ended yet (after ``stop(drainingFor:)``, none unless a
    /// handler ignores its cancellation).
    var workerLoopsRunning: Int { state.withLockedValue { $0.workers.count - $0.workersEnded } }

    /// Whether the instance is stopping: no more claims.
    var isStopping: Bool { state.withLockedValue { $0.stopping } }

    /// Claims nothing more from now on (the instance was asked to stop); running jobs go on
    /// until ``stop(drainingFor:)``.
    func stopClaiming() {
        state.withLockedValue { $0.stopping = true }
        wake.signal()
    }

    /// One worker of `lane`: claim, run with a heartbeat, record; wait for a wake-up when
    /// there is nothing to claim.
    private func work(_ app: Application, lane: Lane) async {
        defer {
            state.withLockedValue { $0.workersEnded += 1 }
            ended.signal()
        }
        while !Task.isCancelled, !isStopping {
            let seen = wake.generation
            let job: JobRecord?
            do {
                job = try await queue.claim(now: clock.now, lease: lease, kinds: kinds(in: lane))
            } catch {
                // The database failed, not the clock: tried again after real time, which a test's
                // clock standing still would never let pass.
                logger.error("Claiming a job failed; trying again", metadata: ["error": "\(String(reflecting: error))"])
                await wake.wait(upTo: pollInterval, on: .system, unlessSignalledSince: seen)
                continue
            }
            guard let job, let id = job.id else {
                await wake.wait(upTo: pollInterval, on: clock, unlessSignalledSince: seen)
                continue
            }
            // Started only while not stopping, so that a stop waits for every run it lets start.
            let started = state.withLockedValue { state -> Task<Void, Never>? in
                guard !state.stopping else { return nil }
                let run = Task { await self.run(job, app: app) }
                state.running[id] = (job, run)
                return run
            }
            guard let run = started else {
                _ = try? await queue.release(job, now: clock.now)
                return
            }
            let heartbeat = Task {
                while !Task.isCancelled {
                    try? await clock.sleep(for: lease / 3)
                    guard !Task.isCancelled else { return }
                    if (try? await queue.extendLease(job, now: clock.now, lease: lease)) == false {
                        logger.warning("Job \(job.kind) \(id) lost its lease (it stalled and was taken back); cancelling this run")
                        run.cancel()
                        return
                    }
                }
            }
            await run.value
            heartbeat.cancel()
            await heartbeat.value
            state.withLockedValue { _ = $0.running.removeValue(forKey: id) }
        }
    }

    /// Runs `job`'s handler and records how it ended. Work that succeeded is recorded even if
    /// the run was cancelled meanwhile; a run cancelled before it succeeded gives the job back
    /// (refused when the cancellation came from a lost lease: then it is no longer this run's).
    private func run(_ job: JobRecord, app: Application) async {
        // How long the run took, for the metrics: real time by nature, whatever the clock says.
        let started = ContinuousClock.now
        defer {
            KineticMetrics.recordJob(job.kind, since: started)
            ended.signal()
        }
        guard let handler = handlers.withLockedValue({ $0[job.kind]?.run }) else { return }
        do {
            let result = try await handler(job, app)
            try await queue.complete(job, result: AnyEncodable(result), now: clock.now)
        } catch {
            if Task.isCancelled || error is CancellationError {
                _ = try? await queue.release(job, now: clock.now)
                return
            }
            let (failure, permanent) = Self.failure(error)
            if failure.status >= 500 {
                logger.warning(
                    "Job \(job.kind) \(job.id?.uuidString ?? "") failed (try \(job.attempt) of \(job.maxAttempts))",
                    metadata: ["error": "\(String(reflecting: error))"])
            }
            // A handler that knows when to try again (a service's `Retry-After`) says so.
            let retryAfter = (error as? AppError)?.retryAfterSeconds.map(TimeInterval.init)
            _ = try? await queue.fail(job, because: failure, permanent: permanent, now: clock.now, retryAfter: retryAfter)
        }
    }

    /// What an error from a handler tells whoever waits, and whether another try could help.
    static func failure(_ error: any Error) -> (JobFailure, permanent: Bool) {
        let appError: AppError =
            switch error {
            case let appError as AppError: appError
            case let convertible as any AppErrorConvertible: convertible.appError
            case let failed as ToolProcess.Failed where failed.interruption != nil: .toolInterrupted(failed)
            default: JobFailure.unexplained
            }
        return (JobFailure(appError), (400..<500).contains(Int(appError.status.code)))
    }

    /// Removes uploads nothing waits for any more (``IncomingUploads``), every hour.
    private func sweepIncoming(_ app: Application) async {
        while !Task.isCancelled, !isStopping {
            try? await clock.sleep(for: 3600)
            guard !Task.isCancelled, !isStopping else { return }
            do { try await app.incomingUploads.sweep(app) } catch {
                logger.warning("Looking for forgotten uploads failed", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
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
                if try await queue.stage(now: now) > 0 { wake.signal() }
                if now.timeIntervalSince(lastPrune) > 600 {
                    try await queue.prune(olderThan: keepFinished, now: now)
                    lastPrune = now
                }
            } catch {
                logger.warning("Job upkeep failed; trying again", metadata: ["error": "\(String(reflecting: error))"])
            }
            try? await clock.sleep(for: max(1, min(15, lease / 4)))
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
                try? await clock.sleep(for: pollInterval)
            }
        }
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
