import Fluent
import Foundation
import SQLKit
import Vapor

/// The outside addresses Kinetic e-mails (``MailRecipientRecord``), each with the token of the
/// link that stops all e-mail from this server to it (RFC 8058's one-click unsubscribe). An
/// address that opted out gets no more wishes by e-mail: they fail with that reason for their sender.
struct MailRecipients {
    let database: any Database

    /// The opt-out token of `address`, made the first time it is needed.
    func optOutToken(for address: String, now: Date) async throws -> String {
        let row = MailRecipientRecord()
        row.id = address
        row.optOutToken = SecretToken.generate()
        row.createdAt = now
        // Two sends to a new address at once: the first row stays, and both read its token.
        try await database.sql().insert(into: MailRecipientRecord.schema).fluentModel(row).ignoringConflicts(with: ["address"]).run()
        guard let stored = try await MailRecipientRecord.find(address, on: database) else {
            throw Abort(.internalServerError, reason: "No opt-out token for \(address)")
        }
        return stored.optOutToken
    }

    /// Whether `address` asked for no more e-mail.
    func hasOptedOut(_ address: String) async throws -> Bool {
        try await MailRecipientRecord.find(address, on: database)?.optedOutAt != nil
    }

    /// The address of `token`, if any.
    func address(ofToken token: String) async throws -> (address: String, optedOut: Bool)? {
        guard let row = try await MailRecipientRecord.query(on: database).filter(\.$optOutToken == token).first(), let address = row.id
        else { return nil }
        return (address, row.optedOutAt != nil)
    }

    /// Stops e-mail to the address of `token` (again is fine); its address, or nil for an unknown token.
    @discardableResult
    func optOut(token: String, now: Date) async throws -> String? {
        guard let found = try await address(ofToken: token) else { return nil }
        if !found.optedOut {
            try await MailRecipientRecord.query(on: database).set(\.$optedOutAt, to: now).filter(\.$optOutToken == token).update()
        }
        return found.address
    }
}
