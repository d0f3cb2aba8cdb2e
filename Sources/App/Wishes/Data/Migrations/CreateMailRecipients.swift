import Fluent
import SQLKit

/// `mail_recipients`: each outside address Kinetic has e-mailed, with the token of its opt-out
/// link (in every e-mail to it, and its `List-Unsubscribe`) and when it opted out, if it did.
struct CreateMailRecipients: AsyncMigration {
    func prepare(on database: Database) async throws {
        let double = DatabaseSchema.DataType.custom(SQLRaw("DOUBLE PRECISION"))
        try await database.schema(MailRecipientRecord.schema)
            .field("address", .string, .identifier(auto: false))
            .field("opt_out_token", .string, .required)
            .field("opted_out_at", double)
            .field("created_at", double, .required)
            .unique(on: "opt_out_token")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(MailRecipientRecord.schema).delete()
    }
}
