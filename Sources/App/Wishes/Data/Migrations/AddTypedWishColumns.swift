import Fluent
import Foundation
import KineticCore
import SQLKit

/// Moves the Wishes tables to the house style (docs/conventions.md), keeping every row:
/// - a wish's channels, a comma-joined `wishes.channels`, become rows of `wish_channels`;
/// - each user's search history, a JSON array in `wish_search_histories`, becomes rows of
///   `wish_search_phrases`, one per phrase at its place;
/// - times, seconds since 1970 in `DOUBLE PRECISION`, become `TIMESTAMPTZ` on PostgreSQL. On
///   SQLite a Fluent `Date` is already such a number (`REAL`): nothing to change there.
struct AddTypedWishColumns: AsyncMigration {
    /// Every time column of the module, by table.
    static let timeColumns: [(table: String, columns: [String])] = [
        (WishRecord.schema, ["send_at", "created_at", "dispatched_at"]),
        (WishDeliveryRecord.schema, ["due_at", "lease_until", "finished_at"]),
        (InboxWishRecord.schema, ["received_at", "read_at"]),
        (WishPhotoRecord.schema, ["created_at"]),
        (MailRecipientRecord.schema, ["opted_out_at", "created_at"]),
    ]

    func prepare(on database: Database) async throws {
        try await database.transaction { database in
            try await moveChannels(on: database)
            try await moveSearchHistories(on: database)
            try await changeTimes(on: database, to: "TIMESTAMPTZ", using: { "to_timestamp(\($0))" })
        }
    }

    func revert(on database: Database) async throws {
        try await database.transaction { database in
            try await changeTimes(on: database, to: "DOUBLE PRECISION", using: { "EXTRACT(EPOCH FROM \($0))" })
            try await restoreSearchHistories(on: database)
            try await restoreChannels(on: database)
        }
    }

    // MARK: - Channels

    private func moveChannels(on database: any Database) async throws {
        try await WishChannelRecord.createTable(on: database)
        let sql = try database.sql()
        for row in try await sql.select().columns("id", "channels").from(WishRecord.schema).all() {
            let id = try row.decode(column: "id", as: UUID.self)
            let channels = try row.decode(column: "channels", as: String.self).split(separator: ",").compactMap {
                WishChannel(rawValue: String($0))
            }
            try await WishChannelRecord.rows(of: Array(Set(channels)).sorted(), for: id).create(on: database)
        }
        try await database.schema(WishRecord.schema).deleteField("channels").update()
    }

    private func restoreChannels(on database: any Database) async throws {
        try await database.schema(WishRecord.schema).field("channels", .string, .required, .sql(.default(""))).update()
        let rows = try await WishChannelRecord.query(on: database).all()
        let byWish = Dictionary(grouping: rows) { $0.id!.$wish.id }
        let sql = try database.sql()
        for (wishID, channels) in byWish {
            let joined = channels.compactMap { $0.id?.channel }.sorted().map(\.rawValue).joined(separator: ",")
            try await sql.update(WishRecord.schema).set("channels", to: joined).where("id", .equal, wishID).run()
        }
        try await database.schema(WishChannelRecord.schema).delete()
    }

    // MARK: - Search histories

    private func moveSearchHistories(on database: any Database) async throws {
        try await database.schema(WishSearchPhraseRecord.schema)
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("box", .string, .required)
            .field("position", .int, .required)
            .field("phrase", .string, .required)
            .compositeIdentifier(over: "user_id", "box", "position")
            .create()
        let sql = try database.sql()
        for row in try await sql.select().columns("user_id", "box", "phrases").from("wish_search_histories").all() {
            guard let box = WishBox(rawValue: try row.decode(column: "box", as: String.self)),
                let phrases = try? JSONDecoder().decode([String].self, from: Data(try row.decode(column: "phrases", as: String.self).utf8))
            else { continue }
            let userID = try row.decode(column: "user_id", as: UUID.self)
            try await SearchHistory(phrases).phrases.enumerated()
                .map { WishSearchPhraseRecord(userID: userID, box: box, position: $0.offset, phrase: $0.element) }
                .create(on: database)
        }
        try await database.schema("wish_search_histories").delete()
    }

    private func restoreSearchHistories(on database: any Database) async throws {
        try await database.schema("wish_search_histories")
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("box", .string, .required)
            .field("phrases", .string, .required)
            .compositeIdentifier(over: "user_id", "box")
            .create()
        let rows = try await WishSearchPhraseRecord.query(on: database).all()
        let histories = Dictionary(grouping: rows) { "\($0.id!.$user.id) \($0.id!.box.rawValue)" }
        let sql = try database.sql()
        for phrases in histories.values {
            let ordered = phrases.sorted { $0.id!.position < $1.id!.position }
            guard let first = ordered.first?.id else { continue }
            let json = String(decoding: try JSONEncoder().encode(ordered.map(\.phrase)), as: UTF8.self)
            try await sql.insert(into: "wish_search_histories").columns("user_id", "box", "phrases")
                .values(SQLBind(first.$user.id), SQLBind(first.box.rawValue), SQLBind(json)).run()
        }
        try await database.schema(WishSearchPhraseRecord.schema).delete()
    }

    // MARK: - Times

    /// PostgreSQL only: each time column to `type`, converting the values with `using`.
    private func changeTimes(on database: any Database, to type: String, using convert: (String) -> String) async throws {
        let sql = try database.sql()
        guard sql.dialect.name == "postgresql" else { return }
        for (table, columns) in Self.timeColumns {
            let changes = columns.map { "ALTER COLUMN \($0) TYPE \(type) USING \(convert($0))" }.joined(separator: ", ")
            try await sql.raw("ALTER TABLE \(unsafeRaw: table) \(unsafeRaw: changes)").run()
        }
    }
}
