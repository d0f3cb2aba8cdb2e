import KineticCore
import NIOConcurrencyHelpers
import Vapor

extension Application {
    private struct ConfigurationKey: StorageKey { typealias Value = KineticConfiguration }
    private struct UnknownHashKey: StorageKey { typealias Value = NIOLockedValueBox<String?> }
    private struct PasswordPolicyKey: StorageKey { typealias Value = PasswordPolicy }

    /// The configuration `configure(_:_:)` was called with.
    var kineticConfiguration: KineticConfiguration {
        get { storage[ConfigurationKey.self] ?? KineticConfiguration() }
        set { storage[ConfigurationKey.self] = newValue }
    }

    /// The rules new passwords must meet, with the common-password list from
    /// `Resources/Passwords/common-passwords.txt` (see the LICENSE beside it).
    var passwordPolicy: PasswordPolicy {
        get { storage.configured(PasswordPolicyKey.self, "the password policy") }
        set { storage[PasswordPolicyKey.self] = newValue }
    }

    /// Loads ``passwordPolicy``; called once by `configure(_:_:)`.
    func loadPasswordPolicy() throws {
        passwordPolicy = try resource("Passwords/common-passwords.txt", "the common-password list") { list in
            PasswordPolicy(commonPasswordList: String(decoding: list, as: UTF8.self))
        }
    }

    /// A hash of a random password made with the configured hasher: logins for unknown addresses
    /// are verified against it so that their timing does not reveal which addresses have accounts.
    /// Made on first use, so commands that never log anyone in (an import) do not pay for it.
    func unknownAccountHash() async throws -> String {
        let box = storage.configured(UnknownHashKey.self, "the unknown-account hash")
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
