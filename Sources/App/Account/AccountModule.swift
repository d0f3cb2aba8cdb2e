import Fluent
import Vapor

extension AccountModule {
    static func migrations(_ configuration: KineticConfiguration) -> [any Migration] {
        [
            CreateUsers(),
            CreateAPITokens(),
            CreateWebSessions(),
            AddSessionAndTokenExpiry(clock: configuration.clock, apiTokenLifetime: configuration.apiTokenLifetime),
            AddUserTimeZone(),
            AddUserAdminRole(),
            AddAddressOwnership(),
            AddStorageQuota(),
            CreateLoginDevices(),
            CreateIdempotentRequests(),
            AddSignUpNetwork(),
            AddAddressClaim(),
        ]
    }

    static var commands: [any KineticCommand.Type] { [AdminCommands.self] }

    /// The common-password list and the mailer of address links and password resets.
    static func prepare(_ app: Application) throws {
        try app.loadPasswordPolicy()
        app.prepareAccountMailer()
    }
}
