import Foundation

/// A yearly wish anchored on the day it celebrates: a contact's birthday. Each year's wish goes
/// on that birthday as the year keeps it (``YearlyRecurrence/init(birthday:time:timeZone:leapDay:)``),
/// 29 February on 29 February in leap years and on the day ``leapDay`` names in others; not on
/// the day its first wish happened to go, which for a 29 February birthday first wished in an
/// ordinary year would be the 28th in every year.
public struct BirthdayAnchor: Hashable, Sendable {
    /// The sender's contact whose birthday it is.
    public let contactID: UUID
    public let birthday: Birthday
    public let leapDay: YearlyRecurrence.LeapDay

    public init(contactID: UUID, birthday: Birthday, leapDay: YearlyRecurrence.LeapDay) {
        self.contactID = contactID
        self.birthday = birthday
        self.leapDay = leapDay
    }

    /// How it repeats at `time` in `timeZone`.
    public func recurrence(time: TimeOfDay, timeZone: TimeZone) -> YearlyRecurrence {
        YearlyRecurrence(birthday: birthday, time: time, timeZone: timeZone, leapDay: leapDay)
    }
}

/// What a sender asked of a wish "on <contact>'s birthday", unchecked: the `onBirthdayOf`
/// member of `POST /api/v1/wishes`.
public struct BirthdayChoice: Equatable, Sendable {
    /// The contact's id (the API names them so).
    public var contactID: String?
    /// Or their address (the compose page names them so).
    public var contactEmail: String?
    /// `HH:mm`; 08:00 when not given.
    public var time: String?
    /// `contact` (their zone) or `sender` (the sender's). When not given: the zone the wish names
    /// (`timeZone`), else the contact's when they have one, else the sender's.
    public var zone: String?
    /// A ``YearlyRecurrence/LeapDay`` name; `february28` when not given.
    public var leapDay: String?

    public init(contactID: String? = nil, contactEmail: String? = nil, time: String? = nil, zone: String? = nil, leapDay: String? = nil) {
        self.contactID = contactID
        self.contactEmail = contactEmail
        self.time = time
        self.zone = zone
        self.leapDay = leapDay
    }

    /// The members an `onBirthdayOf` object may have.
    public static let jsonMembers: Set<String> = ["contactId", "time", "zone", "leapDay"]

    /// Its time and leap-day rule checked (`onBirthdayOf.time`, `onBirthdayOf.leapDay` on failure),
    /// and whether the sender asked for their own zone.
    public func checked() -> Result<(time: TimeOfDay, leapDay: YearlyRecurrence.LeapDay, sendersZone: Bool?), FieldErrors> {
        var errors = FieldErrors()
        let time = time.map { TimeOfDay($0.trimmingCharacters(in: .whitespaces)) } ?? QuickSendTime.morning
        if time == nil { errors.add("onBirthdayOf.time", "wishes.yearly.error.time") }
        let leapDay = leapDay.map { YearlyRecurrence.LeapDay(rawValue: $0) } ?? .february28
        if leapDay == nil { errors.add("onBirthdayOf.leapDay", "wishes.yearly.error.leapDay") }
        var sendersZone: Bool?
        switch zone {
        case nil: sendersZone = nil
        case "sender": sendersZone = true
        case "contact": sendersZone = false
        default: errors.add("onBirthdayOf.zone", "wishes.yearly.error.zone")
        }
        guard errors.isEmpty, let time, let leapDay else { return .failure(errors) }
        return .success((time, leapDay, sendersZone))
    }
}
