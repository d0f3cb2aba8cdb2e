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

    /// The job `id` once it has finished, or as it stands after `seconds`, whichever comes
    /// first; whichever instance runs it. It looks every 100 ms at first, then less often (at
    /// most a second apart), so a long wait costs the database little. Once `serve` is stopping
    /// (``isStopping``) it waits no longer: the request answers with the job as it stands, and another
    /// instance (or this one, started again) runs it.
    func waitForJob(_ id: UUID, upTo seconds: TimeInterval) async throws -> JobRecord {
        let deadline = Date().addingTimeInterval(seconds)
        var pause = 0.1
        while true {
            guard let job = try await JobRecord.find(id, on: db) else { throw AppError.notFound }
            if job.state.isFinal || Date() >= deadline || isStopping { return job }
            try await Task.sleep(for: .seconds(min(pause, max(0.01, deadline.timeIntervalSinceNow))))
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
