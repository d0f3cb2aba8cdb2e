import Fluent
import Foundation
import KineticCore

/// A wish that repeats every year: what it says, to whom (``WishSeriesRecipientRecord``), and
/// when (a day of the year at a time in a zone, ``YearlyRecurrence``). Each year's wish is an ordinary scheduled wish made from it
/// (``YearlyWishRoller``), one per year (`series_id`, `occurrence_year` are unique), so it is
/// delivered, edited and deleted like any other.
final class WishSeriesRecord: Model, @unchecked Sendable {
    static let schema = "wish_series"

    enum State: String, Codable, Sendable {
        /// Each year's wish is made after the last one's time.
        case active
        /// No wish is made until it is resumed.
        case paused
        /// No wish is made again.
        case ended
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "sender_id") var sender: User
    @Field(key: "state") var state: State
    @Field(key: "occasion") var occasion: Occasion
    @Field(key: "subject") var subject: String
    @Field(key: "message") var message: String
    @OptionalField(key: "photo") var photo: String?
    @Field(key: "posts_to_connections") var postsToConnections: Bool
    @Field(key: "month") var month: Int
    @Field(key: "day") var day: Int
    /// `HH:mm` on the clock of ``timeZone``.
    @Field(key: "local_time") var localTime: String
    @Field(key: "time_zone") var timeZone: String
    /// Where 29 February goes in other years (``YearlyRecurrence/LeapDay``); nil for 28 February.
    @OptionalField(key: "leap_day") var leapDay: String?
    /// The contact on whose birthday it goes (``BirthdayAnchor``): ``month`` and ``day`` are
    /// their birthday's, and follow it when it is changed. Nil for a wish on the day of its first
    /// wish, or once that contact is deleted (it then keeps the day it had).
    @OptionalField(key: "birthday_contact_id") var birthdayContactID: UUID?
    /// Days before each wish that its sender is reminded in their Inbox; nil for no reminder.
    @OptionalField(key: "remind_days") var remindDays: Int?
    /// Its first wish's send time: no wish is made before it.
    @Field(key: "starts_at") var startsAt: Date
    /// When the next year's wish is due to be made: the last one's send time.
    @OptionalField(key: "next_roll_at") var nextRollAt: Date?
    @Field(key: "created_at") var createdAt: Date

    init() {}

    /// The series of `draft` (its first wish), from `senderID`.
    init(id: UUID = UUID(), draft: WishDraft, reminder: YearlyReminder, senderID: UUID, now: Date) {
        self.id = id
        self.$sender.id = senderID
        self.state = .active
        self.occasion = draft.occasion
        self.subject = draft.subject
        self.message = draft.message
        self.photo = draft.photo?.description
        self.postsToConnections = draft.postsToConnections
        self.month = draft.birthdayAnchor?.birthday.month ?? draft.sendTime.date.month
        self.day = draft.birthdayAnchor?.birthday.day ?? draft.sendTime.date.day
        self.leapDay = draft.birthdayAnchor.flatMap { $0.leapDay == .february28 ? nil : $0.leapDay.rawValue }
        self.birthdayContactID = draft.birthdayAnchor?.contactID
        self.localTime = draft.sendTime.time.description
        self.timeZone = draft.sendTime.timeZone.identifier
        self.remindDays = reminder.daysBefore
        self.startsAt = draft.sendTime.instant
        self.nextRollAt = draft.sendTime.instant
        self.createdAt = now
    }

    /// When it repeats; nil when a stored value no longer reads (a zone the system dropped).
    var recurrence: YearlyRecurrence? {
        guard let zone = TimeZone(identifier: timeZone), let time = TimeOfDay(localTime) else { return nil }
        return YearlyRecurrence(
            month: month, day: day, time: time, timeZone: zone, leapDay: leapDay.flatMap(YearlyRecurrence.LeapDay.init) ?? .february28)
    }

    var reminder: YearlyReminder { YearlyReminder(daysBefore: remindDays) }

    /// Its next `count` send times after `now`, from its first on.
    func occurrences(after now: Date, count: Int) -> [WishSendTime] {
        recurrence?.occurrences(after: max(now, startsAt.addingTimeInterval(-1)), count: count) ?? []
    }

    /// The year's wish as a draft: its words and `recipients`, at `sendTime`.
    func draft(at sendTime: WishSendTime, recipients: [WishRecipient]) -> WishDraft {
        WishDraft(
            occasion: occasion, subject: subject, message: message, photo: photo.flatMap(WishPhoto.init),
            recipients: recipients.map(\.address), sendTime: sendTime,
            reaches: Dictionary(recipients.map { ($0.address, $0.reach) }, uniquingKeysWith: { first, _ in first }),
            postsToConnections: postsToConnections)
    }
}

/// A recipient of a yearly wish and how they get it, at their place in its list.
final class WishSeriesRecipientRecord: Model, @unchecked Sendable {
    static let schema = "wish_series_recipients"

    @ID(key: .id) var id: UUID?
    @Parent(key: "series_id") var series: WishSeriesRecord
    @Field(key: "position") var position: Int
    @Field(key: "address") var address: String
    @Field(key: "reach") var reach: RecipientReach

    init() {}

    init(seriesID: UUID, position: Int, recipient: WishRecipient) {
        self.id = UUID()
        self.$series.id = seriesID
        self.position = position
        self.address = recipient.address
        self.reach = recipient.reach
    }

    var recipient: WishRecipient { WishRecipient(address: address, reach: reach) }

    /// The recipients of `seriesID`, in order.
    static func recipients(of seriesID: UUID, on database: any Database) async throws -> [WishRecipient] {
        try await query(on: database).filter(\.$series.$id == seriesID).sort(\.$position).all().map(\.recipient)
    }
}
