import NIOConcurrencyHelpers
import Vapor

/// What `kinetic serve` does once asked to stop (SIGTERM from systemd or an orchestrator,
/// SIGINT from a terminal), before the application shuts down: it claims no more jobs (and
/// answers 503 at `/readyz` on a connection still open); the HTTP server stops accepting at
/// once and lets the requests in flight
/// finish (up to Vapor's 10 s), with the database still open (a song upload waiting for its job
/// answers 202 at once: another instance, or this one started again, runs it). Then
/// `asyncShutdown` gives running jobs 20 s to finish, hands the rest back, and closes the
/// databases.
///
/// Without it, Vapor shuts its providers down before its HTTP server: the database closed
/// under requests still being answered, and the server took new ones while the jobs drained.
public func stopServing(_ app: Application) async {
    app.logger.notice("Stopping: no more jobs are claimed; requests in flight may finish")
    app.isStopping = true
    app.jobs.stopClaiming()
    await app.server.shutdown()
}

extension Application {
    private struct StoppingKey: StorageKey { typealias Value = NIOLockedValueBox<Bool> }

    /// Makes the stop flag; called once by `configure(_:_:)`.
    func prepareStopping() {
        storage[StoppingKey.self] = NIOLockedValueBox(false)
    }

    /// Whether `serve` was asked to stop (``stopServing(_:)``): `/readyz` answers 503, and a
    /// request waiting for a job answers with it as it stands.
    var isStopping: Bool {
        get { storage.configured(StoppingKey.self, "the stop flag").withLockedValue { $0 } }
        set { storage.configured(StoppingKey.self, "the stop flag").withLockedValue { $0 = newValue } }
    }
}
