import Vapor

extension Application {
    /// Runs `work` in the background (a module's start-up work, such as the demo data) and
    /// stops it first when the application shuts down: cancelled, then waited for, so nothing
    /// it does outlives the databases and threads it uses.
    func runInBackground(_ work: @escaping @Sendable () async -> Void) {
        lifecycle.use(BackgroundWork(task: Task.detached(operation: work)))
    }
}

/// Cancels its task when the application shuts down and waits for it to end.
private struct BackgroundWork: LifecycleHandler {
    let task: Task<Void, Never>

    func shutdownAsync(_ application: Application) async {
        task.cancel()
        await task.value
    }
}
