import Fluent
import Foundation
import KineticCore

/// One channel a wish went out on, as the table held them until ``AddRecipientReach`` gave each
/// recipient their own reach; only the migrations read and write it now.
final class WishChannelRecord: Model, @unchecked Sendable {
    static let schema = "wish_channels"

    /// The wish and the channel.
    final class IDValue: Fields, Hashable, @unchecked Sendable {
        @Parent(key: "wish_id") var wish: WishRecord
        @Field(key: "channel") var channel: WishChannel

        init() {}

        init(wishID: UUID, channel: WishChannel) {
            self.$wish.id = wishID
            self.channel = channel
        }

        static func == (lhs: IDValue, rhs: IDValue) -> Bool {
            lhs.$wish.id == rhs.$wish.id && lhs.channel == rhs.channel
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine($wish.id)
            hasher.combine(channel)
        }
    }

    @CompositeID var id: IDValue?

    init() {}

    init(wishID: UUID, channel: WishChannel) {
        self.id = IDValue(wishID: wishID, channel: channel)
    }

    /// Creates the table, as the migrations that bring it back need it.
    static func createTable(on database: any Database) async throws {
        try await database.schema(schema)
            .field("wish_id", .uuid, .required, .references(WishRecord.schema, "id", onDelete: .cascade))
            .field("channel", .string, .required)
            .compositeIdentifier(over: "wish_id", "channel")
            .create()
    }

    /// The rows of `channels` for `wishID`.
    static func rows(of channels: [WishChannel], for wishID: UUID) -> [WishChannelRecord] {
        channels.map { WishChannelRecord(wishID: wishID, channel: $0) }
    }
}
