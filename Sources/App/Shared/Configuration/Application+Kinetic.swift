import NIOConcurrencyHelpers
import Vapor

extension Application {
    private struct ConfigurationKey: StorageKey { typealias Value = KineticConfiguration }
    private struct ThrottleKey: StorageKey { typealias Value = LoginThrottle }
    private struct UnknownHashKey: StorageKey { typealias Value = NIOLockedValueBox<String?> }

    /// The configuration `configure(_:_:)` was called with.
    var kineticConfiguration: KineticConfiguration {
        get { storage[ConfigurationKey.self] ?? KineticConfiguration() }
        set { storage[ConfigurationKey.self] = newValue }
    }

    /// The failed-login throttle shared by the web and the API.
    var loginThrottle: LoginThrottle {
        get {
            guard let throttle = storage[ThrottleKey.self] else { fatalError("configure(_:_:) sets the login throttle") }
            return throttle
        }
        set { storage[ThrottleKey.self] = newValue }
    }

    /// A hash of a random password made with the configured hasher: logins for unknown addresses
    /// are verified against it so that their timing does not reveal which addresses have accounts.
    /// Made on first use, so commands that never log anyone in (an import) do not pay for it.
    func unknownAccountHash() async throws -> String {
        guard let box = storage[UnknownHashKey.self] else { fatalError("configure(_:_:) prepares the unknown-account hash") }
        if let hash = box.withLockedValue({ $0 }) { return hash }
        let hash = try await password.async(on: threadPool, hopTo: eventLoopGroup.any()).hash(SecretToken.generate())
        box.withLockedValue { $0 = hash }
        return hash
    }

    /// Prepares ``unknownAccountHash()``; called once by `configure(_:_:)`.
    func prepareUnknownAccountHash() {
        storage[UnknownHashKey.self] = NIOLockedValueBox(nil)
    }
}
