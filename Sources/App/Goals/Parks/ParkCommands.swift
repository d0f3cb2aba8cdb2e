import Fluent
import Foundation
import Vapor

/// `kinetic admin park-add NAME`: adds a park and prints its API key, which is not shown again.
struct AddParkCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "name", help: "the park's name, as its members will see it (at most 80 characters)")
        var name: String
    }

    static let about = CommandHelp(
        name: "park-add", summary: "Adds a trampoline park that reports jump sessions for its members, and prints its API key.",
        usage: "kinetic admin park-add NAME")

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.autoMigrate().get()
        do {
            let (park, key) = try await ParkKeys(database: app.db).add(name: signature.name, at: app.now)
            context.console.print("Added \(park.name) (\(try park.requireID().uuidString.lowercased())). Its API key, shown this once:")
            context.console.print(key)
        } catch is AppError {
            throw SetAdminCommand.Failed(description: "A park's name is 1 to \(ParkKeys.maximumNameLength) characters.")
        }
    }
}

/// `kinetic admin park-list`: the parks, with their ids and whether their key still works.
struct ListParksCommand: AsyncCommand {
    struct Signature: CommandSignature {}

    static let about = CommandHelp(name: "park-list", summary: "Lists the parks.", usage: "kinetic admin park-list")

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.autoMigrate().get()
        let parks = try await ParkKeys(database: app.db).list()
        context.console.print(
            parks.isEmpty
                ? "No parks."
                : parks.map { "\($0.id?.uuidString.lowercased() ?? "")  \($0.name)\($0.revokedAt == nil ? "" : "  (revoked)")" }
                    .joined(separator: "\n"))
    }
}

/// `kinetic admin park-revoke ID`: the park's key stops working at once.
struct RevokeParkCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "id", help: "the park's id, as park-list prints it")
        var id: String
    }

    static let about = CommandHelp(
        name: "park-revoke", summary: "Takes a park's API key back; its members' Settings no longer list it.",
        usage: "kinetic admin park-revoke ID")

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.autoMigrate().get()
        guard let id = UUID(uuidString: signature.id), try await ParkKeys(database: app.db).revoke(id, at: app.now) else {
            throw SetAdminCommand.Failed(description: "No park with the id \(signature.id).")
        }
        context.console.print("The park's key no longer works.")
    }
}
