import Fluent
import KineticCore
import SQLKit
import Vapor

extension WishesModule {
    static func migrations(_ configuration: KineticConfiguration) -> [any Migration] {
        [
            CreateWishes(), CreateMailRecipients(), AddTypedWishColumns(), AddRecipientReach(), AddSearchWords(), CreateWishContacts(),
            AddInboxThanks(), CreateWishSeries(), AddBirthdayAnchor(), RefoldSearchWords(),
            AddContactOtherEmails(), CreateWishReminderMails(), AddContactPhotos(),
        ]
    }

    static func loadSettings(from environment: [String: String], into settings: inout ModuleSettings) throws {
        try settings.load(WishDeliverySettings.self, from: environment)
        try settings.load(WishContactSettings.self, from: environment)
    }

    static let menuItem: SideMenu.Item? = SideMenu.Item(
        icon: .wishes, titleKey: "nav.wishes", url: .module(.wishes), summaryKey: "welcome.wishes", isShortcut: true)

    static func seedDemo(for account: DemoAccount, on database: any Database) async throws {
        try await WishesDemo.seed(for: account.userID, now: account.calendar.now, timeZone: account.calendar.timeZone, on: database)
    }

    /// Every instance delivers due wishes from the start.
    static func prepareToServe(_ app: Application, demo: Bool) async throws {
        await app.startWishScheduler()
    }

    /// In-app wishes to the address that wait for its owner go out in the next round.
    static func addressConfirmed(_ email: String, on database: any Database, now: Date) async throws {
        try await InAppDelivery.wakeWaiting(for: email, on: database, now: now)
    }

    /// The photos the user uploaded.
    static func storedBytes(of userID: UUID, on database: any Database) async throws -> Int {
        try await database.sumOfByteCounts(in: WishPhotoRecord.schema, owner: "owner_id", is: userID)
    }

    /// The deliveries waiting to go, by channel.
    static var queueFigures: [QueueFigures] {
        [
            QueueFigures(
                table: "wish_deliveries", group: "channel", due: "due_at", waitingStates: SQLRaw("'\(DeliveryState.pending.rawValue)'"),
                groups: WishChannel.allCases.map(\.rawValue), states: DeliveryState.allCases.map(\.rawValue),
                countLabel: "kinetic_wish_deliveries", oldestLabel: "kinetic_wish_delivery_oldest_due_seconds")
        ]
    }
}
