import Fluent
import KineticCore
import Vapor

/// `kinetic admin …`: who administers the instance (`grant`, `revoke`, `list`; only an
/// administrator imports the report library on the web or through the API), and accounts
/// where the server cannot confirm addresses by e-mail or sign-up is not open (`verify`,
/// `invite`, `create-user`). The command line needs no account: it has the database already.
struct AdminCommands: AsyncCommandGroup, KineticCommand {
    /// Each subcommand with what its help says.
    static let subcommands: [(about: CommandHelp, command: any AnyAsyncCommand)] = [
        (SetAdminCommand.grant, SetAdminCommand(isAdmin: true)), (SetAdminCommand.revoke, SetAdminCommand(isAdmin: false)),
        (ListAdminsCommand.about, ListAdminsCommand()), (VerifyAddressCommand.about, VerifyAddressCommand()),
        (VerifyAllAddressesCommand.about, VerifyAllAddressesCommand()), (InviteCommand.about, InviteCommand()),
        (CreateUserCommand.about, CreateUserCommand()), (QuotaCommand.about, QuotaCommand()),
        (AddParkCommand.about, AddParkCommand()), (ListParksCommand.about, ListParksCommand()),
        (RevokeParkCommand.about, RevokeParkCommand()),
    ]

    static let about = CommandHelp(
        name: "admin", summary: "Administers the instance: administrators, confirmed addresses, invitations, accounts, quotas and parks.",
        usage: "kinetic admin SUBCOMMAND …", subcommands: subcommands.map(\.about))

    var help: String { Self.about.summary }

    /// The account with `address` in the migrated database, and the address as stored; fails
    /// naming it when there is none.
    static func account(_ address: String, in app: Application) async throws -> (User, String) {
        try await app.autoMigrate().get()
        let email = address.trimmingCharacters(in: .whitespaces).lowercased()
        guard let user = try await User.query(on: app.db).filter(\.$email == email).first() else {
            throw SetAdminCommand.Failed(description: "No account with the e-mail address \(email).")
        }
        return (user, email)
    }

    var commands: [String: any AnyAsyncCommand] {
        Dictionary(uniqueKeysWithValues: Self.subcommands.map { ($0.about.name, $0.command) })
    }
}

/// Makes an account an administrator, or an ordinary account again.
struct SetAdminCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "email", help: "the account's e-mail address")
        var email: String
    }

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    let isAdmin: Bool

    static let grant = CommandHelp(name: "grant", summary: "Makes an account an administrator.", usage: "kinetic admin grant EMAIL")
    static let revoke = CommandHelp(
        name: "revoke", summary: "Takes an account's administrator role away.", usage: "kinetic admin revoke EMAIL")

    var help: String { (isAdmin ? Self.grant : Self.revoke).summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        let (user, email) = try await AdminCommands.account(signature.email, in: app)
        user.isAdmin = isAdmin
        try await user.save(on: app.db)
        context.console.print(isAdmin ? "\(email) is now an administrator." : "\(email) is no longer an administrator.")
    }
}

/// Lists the administrators' e-mail addresses.
struct ListAdminsCommand: AsyncCommand {
    struct Signature: CommandSignature {}

    static let about = CommandHelp(name: "list", summary: "Lists the administrators.", usage: "kinetic admin list")

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.autoMigrate().get()
        let admins = try await User.query(on: app.db).filter(\.$isAdmin == true).sort(\.$email).all()
        context.console.print(admins.isEmpty ? "No administrators." : admins.map(\.email).joined(separator: "\n"))
    }
}

/// Confirms an account's address as its own, as opening the link sent there would.
struct VerifyAddressCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "email", help: "the account's e-mail address")
        var email: String
    }

    static let about = CommandHelp(
        name: "verify", summary: "Confirms that an account owns its e-mail address (for servers that send no e-mail).",
        usage: "kinetic admin verify EMAIL")

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        let (user, email) = try await AdminCommands.account(signature.email, in: app)
        guard !user.isVerified else {
            context.console.print("\(email) was confirmed already.")
            return
        }
        user.emailVerifiedAt = app.kineticConfiguration.clock.now
        try await user.save(on: app.db)
        try await KineticModules.addressConfirmed(email, on: app.db, now: app.kineticConfiguration.clock.now)
        context.console.print("\(email) is confirmed: in-app wishes to it reach this account, and it may send wishes by e-mail.")
    }
}

/// Makes an invitation for an address and prints its link (sign-up by invitation).
struct InviteCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "email", help: "the address invited")
        var email: String
    }

    static let about = CommandHelp(
        name: "invite", summary: "Prints a link that lets one address sign up (14 days, once), for KINETIC_SIGNUP=invite.",
        usage: "kinetic admin invite EMAIL")

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.autoMigrate().get()
        guard let email = EmailAddressSyntax.normalized(signature.email) else {
            throw SetAdminCommand.Failed(description: "\(signature.email) is not an e-mail address Kinetic accepts.")
        }
        guard try await User.query(on: app.db).filter(\.$email == email).first() == nil else {
            throw SetAdminCommand.Failed(description: "An account has the address \(email) already.")
        }
        let secret = try await AccountTokens(database: app.db, now: app.kineticConfiguration.clock.now)
            .issue(.invitation, userID: nil, email: email, lifetime: AddressOwnership.invitationLifetime)
        let path = SiteURL.signUp.with([("invitation", secret)])
        context.console.print((app.kineticConfiguration.publicURL ?? "") + path)
        if app.kineticConfiguration.signUpMode != .invite {
            context.console.print(
                "Sign-up is \(app.kineticConfiguration.signUpMode.rawValue) on this server; the link counts only with KINETIC_SIGNUP=invite."
            )
        }
    }
}

/// Makes an account with a confirmed address and prints its first password (closed sign-up).
struct CreateUserCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "email", help: "the new account's e-mail address")
        var email: String
        @Option(name: "name", help: "the name shown for it (default: the address's local part)")
        var name: String?
    }

    static let about = CommandHelp(
        name: "create-user", summary: "Makes an account with a confirmed address and prints a password to change at first sign-in.",
        usage: "kinetic admin create-user EMAIL [--name NAME]",
        options: [("--name NAME", "the name shown for it (default: the address's local part)")])

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.autoMigrate().get()
        let password = SecretToken.generate().prefix(16).description
        let name = signature.name ?? signature.email.split(separator: "@").first.map(String.init) ?? ""
        let input: SignUpRequest
        switch SignUpRequest.validate(name: name, email: signature.email, password: password, policy: app.passwordPolicy) {
        case .success(let valid): input = valid
        case .failure(let errors):
            throw SetAdminCommand.Failed(
                description: errors.messages.sorted { $0.key < $1.key }.map {
                    "\($0.key): \(app.stringCatalog.string($0.value, language: .english))"
                }.joined(separator: "; "))
        }
        guard try await User.query(on: app.db).filter(\.$email == input.email).first() == nil else {
            throw SetAdminCommand.Failed(description: "An account has the address \(input.email) already.")
        }
        let now = app.kineticConfiguration.clock.now
        let user = User(name: input.name, email: input.email, passwordHash: try await app.password.async.hash(password))
        user.createdAt = now
        user.emailVerifiedAt = now
        let month = app.userCalendar(for: user).currentMonth
        try await app.db.writeTransaction { database in
            try await user.create(on: database)
            try await GoalsRepository(database: database, userID: try user.requireID())
                .setGoals(MonthGoals(jumpGoal: user.jumpGoal, calorieGoal: user.calorieGoal), for: month)
        }
        try await KineticModules.addressConfirmed(input.email, on: app.db, now: now)
        context.console.print(
            "Made \(input.email) (\(input.name)), its address confirmed. Its password, to change after signing in: \(password)")
    }
}

/// Shows an account's storage, or sets its own quota (`default` returns it to the server's).
struct QuotaCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "email", help: "the account's e-mail address")
        var email: String
        @Argument(name: "size", help: "bytes, or with k/m/g (10g); `default` for the server's; `show` to print usage")
        var size: String
    }

    static let about = CommandHelp(
        name: "quota", summary: "Shows an account's storage use, or sets its quota for songs and photos.",
        usage: "kinetic admin quota EMAIL SIZE|default|show",
        options: [("SIZE", "bytes, or with k, m or g (10g); default: the server's quota; show: print the usage")])

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        let (user, email) = try await AdminCommands.account(signature.email, in: app)
        switch signature.size.lowercased() {
        case "show": break
        case "default": user.storageQuotaBytes = nil
        default:
            guard let bytes = try? KineticConfiguration.parseByteCount(signature.size, name: "size") else {
                throw SetAdminCommand.Failed(
                    description: "The size must be bytes such as 10737418240, 500m or 10g, or default (saw \(signature.size)).")
            }
            user.storageQuotaBytes = Int64(bytes)
        }
        try await user.save(on: app.db)
        let usage = try await StorageUsage.of(user, on: app.db, defaultQuota: app.kineticConfiguration.storageQuotaBytes)
        let formatted = { (bytes: Int) in Int64(bytes).formatted(.byteCount(style: .file)) }
        context.console.print(
            "\(email): \(formatted(usage.usedBytes)) of \(formatted(usage.quotaBytes)) used\(user.storageQuotaBytes == nil ? " (the server's default)" : "")."
        )
    }
}

/// Confirms every account's address at once: for a server upgraded from a version that did not
/// confirm addresses, when its operator vouches for the accounts it has (say, its own staff).
struct VerifyAllAddressesCommand: AsyncCommand {
    struct Signature: CommandSignature {}

    static let about = CommandHelp(
        name: "verify-all",
        summary: "Confirms the address of every account that has not confirmed one (after an upgrade, for accounts you vouch for).",
        usage: "kinetic admin verify-all")

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.autoMigrate().get()
        let now = app.kineticConfiguration.clock.now
        // An account that claims another's address (``User/addressClaim``) has none to confirm.
        let users = try await User.query(on: app.db).filter(\.$emailVerifiedAt == nil).filter(\.$addressClaim == nil).all()
        for user in users {
            user.emailVerifiedAt = now
            try await user.save(on: app.db)
            try await KineticModules.addressConfirmed(user.email, on: app.db, now: now)
        }
        context.console.print("Confirmed \(users.count) addresses.")
    }
}
