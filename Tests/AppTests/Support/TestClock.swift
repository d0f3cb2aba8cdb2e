import Foundation
import Synchronization
@testable import App

/// A clock a test moves by hand: pass it to `withKinetic(clock:)`.
final class TestClock: Sendable {
    private let instant: Mutex<Date>

    init(_ start: Date) {
        instant = Mutex(start)
    }

    var now: Date { instant.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        instant.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    var kineticClock: KineticClock { KineticClock { self.now } }
}
