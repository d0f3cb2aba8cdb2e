import Fluent
import Foundation
import KineticCore
import SQLKit

/// Reaches each recipient on their own way instead of every channel for everyone: a recipient
/// gets a `reach` (``RecipientReach``) and a wish says whether it `posts_to_connections`; the
/// wish's list of channels (`wish_channels`) goes. Existing wishes keep what they meant: e-mail
/// and in-app together become both copies for each recipient, one of them that one, Connections
/// the post. A wish that went only to Connections had no delivery per recipient; its
/// recipients are marked in-app, the old default, and their deliveries are left as they are.
/// Reverting gives each wish the channels of all its recipients' reaches together: a wish whose
/// recipients had different reaches goes back to every channel for everyone, as before.
struct AddRecipientReach: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.transaction { database in
            try await database.schema(WishRecipientRecord.schema)
                .field("reach", .string, .required, .sql(.default(RecipientReach.inApp.rawValue))).update()
            try await database.schema(WishRecord.schema)
                .field("posts_to_connections", .bool, .required, .sql(.default(false))).update()
            let channels = try await WishChannelRecord.query(on: database).all().compactMap(\.id)
            let sql = try database.sql()
            for (wishID, rows) in Dictionary(grouping: channels, by: { $0.$wish.id }) {
                let set = Set(rows.map(\.channel))
                if let reach = RecipientReach.implied(byChannels: set) {
                    try await sql.update(WishRecipientRecord.schema).set("reach", to: reach.rawValue).where("wish_id", .equal, wishID).run()
                }
                if set.contains(.connections) {
                    try await sql.update(WishRecord.schema).set("posts_to_connections", to: true).where("id", .equal, wishID).run()
                }
            }
            try await database.schema(WishChannelRecord.schema).delete()
        }
    }

    func revert(on database: Database) async throws {
        try await database.transaction { database in
            try await WishChannelRecord.createTable(on: database)
            let sql = try database.sql()
            var channels: [UUID: Set<WishChannel>] = [:]
            for row in try await sql.select().columns("wish_id", "reach").from(WishRecipientRecord.schema).all() {
                let reach = RecipientReach(rawValue: try row.decode(column: "reach", as: String.self)) ?? .inApp
                channels[try row.decode(column: "wish_id", as: UUID.self), default: []].formUnion(reach.channels)
            }
            let posting = try await sql.select().column("id").from(WishRecord.schema).where("posts_to_connections", .equal, true).all()
            for row in posting { channels[try row.decode(column: "id", as: UUID.self), default: []].insert(.connections) }
            for (wishID, set) in channels { try await WishChannelRecord.rows(of: set.sorted(), for: wishID).create(on: database) }
            try await database.schema(WishRecipientRecord.schema).deleteField("reach").update()
            try await database.schema(WishRecord.schema).deleteField("posts_to_connections").update()
        }
    }
}
