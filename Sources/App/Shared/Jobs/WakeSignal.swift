import Foundation
import NIOConcurrencyHelpers

/// A wake-up many waiters share: ``signal()`` wakes everyone waiting now, and a waiter that
/// read ``generation`` before it last looked for work does not sleep through a signal sent
/// since.
final class WakeSignal: Sendable {
    private struct Waiters {
        var generation = 0
        var waiting: [UUID: CheckedContinuation<Void, Never>] = [:]
        var cancelled: Set<UUID> = []
    }

    private let waiters = NIOLockedValueBox(Waiters())

    /// How many signals there have been.
    var generation: Int { waiters.withLockedValue { $0.generation } }

    func signal() {
        let all = waiters.withLockedValue { waiters in
            waiters.generation += 1
            defer { waiters.waiting = [:] }
            return waiters.waiting
        }
        for continuation in all.values { continuation.resume() }
    }

    /// Returns on the next ``signal()`` (at once when there was one since `seen`), after
    /// `seconds` on `clock`, or when cancelled.
    func wait(upTo seconds: TimeInterval, on clock: KineticClock, unlessSignalledSince seen: Int) async {
        let id = UUID()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        let goOn = self.waiters.withLockedValue { waiters in
                            if waiters.cancelled.remove(id) != nil || waiters.generation != seen { return true }
                            waiters.waiting[id] = continuation
                            return false
                        }
                        if goOn { continuation.resume() }
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
            group.addTask { try? await clock.sleep(for: seconds) }
            await group.next()
            group.cancelAll()
        }
        waiters.withLockedValue { _ = $0.cancelled.remove(id) }
    }
}
