import Vapor

extension Application {
    private struct ConfigurationKey: StorageKey { typealias Value = KineticConfiguration }
    private struct ThrottleKey: StorageKey { typealias Value = LoginThrottle }
    private struct UnknownHashKey: StorageKey { typealias Value = String }

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

    /// A bcrypt hash of a random password at the configured cost: logins for unknown addresses
    /// are verified against it so that their timing does not reveal which addresses have accounts.
    var unknownAccountHash: String {
        get { storage[UnknownHashKey.self] ?? "" }
        set { storage[UnknownHashKey.self] = newValue }
    }
}
