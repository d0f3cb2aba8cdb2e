import Fluent
import Foundation
import SQLKit
import Vapor

/// The outside addresses Kinetic e-mails, each with the token of the link that stops all
/// e-mail from this server to it (RFC 8058's one-click unsubscribe). An address that opted out
/// gets no more wishes by e-mail: they fail with that reason for their sender.
struct MailRecipients {
    static let schema = "mail_recipients"

    let database: any Database

    /// The opt-out token of `address`, made the first time it is needed.
    func optOutToken(for address: String, now: Date) async throws -> String {
        let sql = try database.sql()
        try await sql.insert(into: Self.schema).columns("address", "opt_out_token", "opted_out_at", "created_at")
            .values(SQLBind(address), SQLBind(SecretToken.generate()), SQLLiteral.null, SQLBind(now.timeIntervalSince1970))
            .ignoringConflicts(with: ["address"]).run()
        guard let row = try await sql.select().column("opt_out_token").from(Self.schema).where("address", .equal, address).first() else {
            throw Abort(.internalServerError, reason: "No opt-out token for \(address)")
        }
        return try row.decode(column: "opt_out_token", as: String.self)
    }

    /// Whether `address` asked for no more e-mail.
    func hasOptedOut(_ address: String) async throws -> Bool {
        try await database.sql().select().column("address").from(Self.schema)
            .where("address", .equal, address).where("opted_out_at", .isNot, SQLLiteral.null).first() != nil
    }

    /// The address of `token`, if any.
    func address(ofToken token: String) async throws -> (address: String, optedOut: Bool)? {
        guard
            let row = try await database.sql().select().columns("address", "opted_out_at").from(Self.schema)
                .where("opt_out_token", .equal, token).first()
        else { return nil }
        return (try row.decode(column: "address", as: String.self), try row.decodeNil(column: "opted_out_at") == false)
    }

    /// Stops e-mail to the address of `token` (again is fine); its address, or nil for an unknown token.
    @discardableResult
    func optOut(token: String, now: Date) async throws -> String? {
        guard let found = try await address(ofToken: token) else { return nil }
        if !found.optedOut {
            try await database.sql().update(Self.schema).set("opted_out_at", to: SQLBind(now.timeIntervalSince1970))
                .where("opt_out_token", .equal, token).run()
        }
        return found.address
    }
}
