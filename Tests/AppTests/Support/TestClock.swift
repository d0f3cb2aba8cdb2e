import Foundation
import Synchronization

@testable import App

/// A clock a test moves by hand: pass it to `withKinetic(clock:)`. Its time stands still until
/// ``advance(by:)``; whoever sleeps on it (the wish scheduler between rounds) wakes when an
/// advance reaches the end of their sleep, never because real seconds passed. A test waits for
/// the sleeper to be asleep with ``untilSleeps(reach:)`` instead of sleeping itself.
final class TestClock: Sendable {
    private struct Sleeper {
        let id: UUID
        let until: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Watcher {
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now: Date
        var sleepers: [Sleeper] = []
        /// How many sleeps have begun since the clock was made.
        var sleepsBegun = 0
        var watchers: [Watcher] = []
    }

    private let state: Mutex<State>

    init(_ start: Date) {
        state = Mutex(State(now: start))
    }

    var now: Date { state.withLock { $0.now } }

    /// How many sleeps have begun on this clock.
    var sleepsBegun: Int { state.withLock { $0.sleepsBegun } }

    /// Moves time on and wakes every sleeper whose sleep ends by then.
    func advance(by seconds: TimeInterval) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now = state.now.addingTimeInterval(seconds)
            let now = state.now
            let woken = state.sleepers.filter { $0.until <= now }
            state.sleepers.removeAll { $0.until <= now }
            return woken
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Returns once `count` sleeps in all have begun on this clock (at once if they have).
    func untilSleeps(reach count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                guard state.sleepsBegun < count else { return true }
                state.watchers.append(Watcher(count: count, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    func sleep(for seconds: TimeInterval) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (watchers, immediately) = state.withLock { state -> ([Watcher], Bool) in
                    state.sleepsBegun += 1
                    let reached = state.watchers.filter { $0.count <= state.sleepsBegun }
                    state.watchers.removeAll { $0.count <= state.sleepsBegun }
                    if seconds <= 0 || Task.isCancelled { return (reached, true) }
                    state.sleepers.append(Sleeper(id: id, until: state.now.addingTimeInterval(seconds), continuation: continuation))
                    return (reached, false)
                }
                for watcher in watchers { watcher.continuation.resume() }
                if immediately {
                    if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    var kineticClock: KineticClock {
        KineticClock({ self.now }, sleep: { try await self.sleep(for: $0) })
    }
}
