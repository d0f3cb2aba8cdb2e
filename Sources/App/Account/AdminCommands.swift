import Fluent
import Vapor

/// `kinetic admin grant <email>`, `kinetic admin revoke <email>` and `kinetic admin list`:
/// who administers the instance. Only an administrator imports the report library on the web
/// or through the API; the command line needs no account (it has the database already).
struct AdminCommands: AsyncCommandGroup {
    var help: String { "Grants or revokes an account's administrator role, or lists the administrators." }

    var commands: [String: any AnyAsyncCommand] {
        ["grant": SetAdminCommand(isAdmin: true), "revoke": SetAdminCommand(isAdmin: false), "list": ListAdminsCommand()]
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

    var help: String { isAdmin ? "Makes an account an administrator." : "Takes an account's administrator role away." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.autoMigrate().get()
        let email = signature.email.lowercased()
        guard let user = try await User.query(on: app.db).filter(\.$email == email).first() else {
            throw Failed(description: "No account with the e-mail address \(email).")
        }
        user.isAdmin = isAdmin
        try await user.save(on: app.db)
        context.console.print(isAdmin ? "\(email) is now an administrator." : "\(email) is no longer an administrator.")
    }
}

/// Lists the administrators' e-mail addresses.
struct ListAdminsCommand: AsyncCommand {
    struct Signature: CommandSignature {}

    var help: String { "Lists the administrators." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.autoMigrate().get()
        let admins = try await User.query(on: app.db).filter(\.$isAdmin == true).sort(\.$email).all()
        context.console.print(admins.isEmpty ? "No administrators." : admins.map(\.email).joined(separator: "\n"))
    }
}
