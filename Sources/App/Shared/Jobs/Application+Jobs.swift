import Fluent
import Foundation
import KineticCore
import Vapor

extension Application {
    private struct JobWorkersKey: StorageKey { typealias Value = JobWorkers }

    /// This instance's job workers (``JobWorkers``): modules register their kinds on them.
    var jobs: JobWorkers {
        storage.configured(JobWorkersKey.self, "the job workers")
    }

    /// Makes the job workers, one per tool thread; called once by `configure(_:_:)`. They run
    /// only once ``startJobWorkers()`` starts them (`serve` does), so a command such as
    /// `kinetic migrate` never takes work.
    func prepareJobs() {
        let configuration = kineticConfiguration
        storage[JobWorkersKey.self] = JobWorkers(
            queue: JobQueue(database: db, instance: configuration.instanceID), slots: Self.toolThreadCount,
            lease: configuration.jobLease, pollInterval: configuration.jobPollInterval, clock: configuration.clock, logger: logger)
        lifecycle.use(JobWorkersLifecycle())
    }

    /// Starts taking jobs.
    func startJobWorkers() {
        jobs.start(self)
    }

    /// Puts a job in and wakes the workers.
    @discardableResult
    func enqueueJob(_ kind: String, owner: String, payload: some Encodable, maximumAttempts: Int = 3) async throws -> JobRecord {
        let job = try await jobs.queue.enqueue(kind, owner: owner, payload: payload, maximumAttempts: maximumAttempts, now: now)
        jobs.wakeUp()
        return job
    }

    /// The job `id` once it has finished, or as it stands after `seconds` of real time (a
    /// request waits for it, and its patience is the client's), whichever comes first; whichever
    /// instance runs it. It looks again as soon as a run here ends, and every 100 ms to a second
    /// (growing) for a run elsewhere. Once `serve` is stopping (``isStopping``) it waits no
    /// longer: the request answers with the job as it stands, and another instance (or this
    /// one, started again) runs it.
    func waitForJob(_ id: UUID, upTo seconds: TimeInterval) async throws -> JobRecord {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var pause = 0.1
        while true {
            let seen = jobs.runsEnded
            guard let job = try await JobRecord.find(id, on: db) else { throw AppError.notFound }
            let left = deadline - ContinuousClock.now
            if job.state.isFinal || left <= .zero || isStopping { return job }
            await jobs.waitForEnd(upTo: min(pause, left / .seconds(1)), unlessSignalledSince: seen)
            pause = min(1, pause * 1.5)
        }
    }
}

/// Stops the job workers before the databases close: running jobs get a while to finish, the
/// rest are given back for another instance.
private struct JobWorkersLifecycle: LifecycleHandler {
    func shutdownAsync(_ application: Application) async {
        await application.jobs.stop(drainingFor: 20)
    }
}
