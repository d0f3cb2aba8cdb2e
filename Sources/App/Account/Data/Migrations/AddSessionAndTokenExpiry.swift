import Fluent
import Foundation

/// Idle expiry for web sessions; expiry, last use and a label for API tokens. Tokens issued
/// before this migration expire one token lifetime after it ran.
struct AddSessionAndTokenExpiry: AsyncMigration {
    let clock: KineticClock
    let apiTokenLifetime: TimeInterval

    func prepare(on database: Database) async throws {
        try await database.schema(WebSession.schema)
            .field("idle_expires_at", .datetime)
            .update()
        // One column per statement: SQLite alters a table one column at a time.
        for (column, type) in [("expires_at", DatabaseSchema.DataType.datetime), ("last_used_at", .datetime), ("label", .string)] {
            try await database.schema(APIToken.schema).field(.string(column), type).update()
        }
        try await APIToken.query(on: database)
            .set(\.$expiresAt, to: clock.now.addingTimeInterval(apiTokenLifetime))
            .update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(WebSession.schema).deleteField("idle_expires_at").update()
        for column in ["expires_at", "last_used_at", "label"] {
            try await database.schema(APIToken.schema).deleteField(.string(column)).update()
        }
    }
}
