import Fluent
import Foundation
import KineticCore
import SQLKit

/// Rewrites every wish's and Inbox item's search text as field-tagged words
/// (``WishSearchText/stored(subject:people:message:)``), so that a search finds each of its
/// words in any order and ranks by where, instead of the phrase as typed in one folded string.
/// Reverting writes the folded string back.
struct AddSearchWords: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await Self.rewrite(on: database) { subject, people, message in
            WishSearchText.stored(subject: subject, people: people, message: message)
        }
    }

    func revert(on database: Database) async throws {
        try await Self.rewrite(on: database) { subject, people, message in
            ([subject, message] + people).joined(separator: " ")
                .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    /// Writes every wish's and Inbox item's search text anew, as `text` makes it from the
    /// subject, the people and the message.
    static func rewrite(on database: any Database, as text: @escaping @Sendable (String, [String], String) -> String) async throws {
        try await database.transaction { database in
            let sql = try database.sql()
            let recipients = try await sql.select().columns("wish_id", "address").from(WishRecipientRecord.schema)
                .orderBy("position").all()
            var people: [UUID: [String]] = [:]
            for row in recipients {
                people[try row.decode(column: "wish_id", as: UUID.self), default: []].append(
                    try row.decode(column: "address", as: String.self))
            }
            for row in try await sql.select().columns("id", "subject", "message").from(WishRecord.schema).all() {
                let id = try row.decode(column: "id", as: UUID.self)
                let searchText = text(
                    try row.decode(column: "subject", as: String.self), people[id] ?? [], try row.decode(column: "message", as: String.self)
                )
                try await sql.update(WishRecord.schema).set("search_text", to: searchText).where("id", .equal, id).run()
            }
            let inbox = try await sql.select().columns("id", "subject", "message", "sender_name", "sender_email")
                .from(InboxWishRecord.schema).all()
            for row in inbox {
                let searchText = text(
                    try row.decode(column: "subject", as: String.self),
                    [try row.decode(column: "sender_name", as: String.self), try row.decode(column: "sender_email", as: String.self)],
                    try row.decode(column: "message", as: String.self))
                try await sql.update(InboxWishRecord.schema).set("search_text", to: searchText)
                    .where("id", .equal, try row.decode(column: "id", as: UUID.self)).run()
            }
        }
    }
}
