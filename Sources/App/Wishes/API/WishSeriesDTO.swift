import Foundation
import KineticCore
import Vapor

/// A yearly wish as the API returns it: what it says, to whom, when it repeats, and its next
/// five send times.
struct WishSeriesDTO: Content {
    struct Occurrence: Content {
        /// `yyyy-MM-ddTHH:mm` on the wish's clock.
        let local: String
        let at: String
    }

    let id: UUID
    /// `active`, `paused` or `ended`.
    let state: String
    let occasion: String
    let subject: String
    let message: String
    let recipients: [String]
    /// `--04-15`: the day of the year (29 February goes on the day ``leapDay`` names in other years).
    let day: String
    /// `february28` or `march1`.
    let leapDay: String
    /// The contact on whose birthday it goes (``day`` follows their birthday), or null.
    @NullEncoded var onBirthdayOf: UUID?
    /// `HH:mm`.
    let time: String
    let timeZone: String
    @NullEncoded var remindDaysBefore: Int?
    /// The wish waiting for its time, made from this one.
    @NullEncoded var upcomingWishId: UUID?
    /// The next five send times (none once ended or paused).
    let next: [Occurrence]

    init(_ series: WishSeriesRecord, recipients: [WishRecipient], upcoming: WishRecord?, now: Date) {
        id = series.id ?? UUID()
        state = series.state.rawValue
        occasion = series.occasion.rawValue
        subject = series.subject
        message = series.message
        self.recipients = recipients.map(\.address)
        day = "--" + String(zeroPadded: series.month, width: 2) + "-" + String(zeroPadded: series.day, width: 2)
        leapDay = series.leapDay ?? YearlyRecurrence.LeapDay.february28.rawValue
        onBirthdayOf = series.birthdayContactID
        time = series.localTime
        timeZone = series.timeZone
        remindDaysBefore = series.remindDays
        upcomingWishId = upcoming?.id
        next =
            series.state == .active
            ? series.occurrences(after: now, count: 5).map {
                Occurrence(local: $0.localDateTime, at: $0.instant.formatted(.iso8601))
            } : []
    }
}

struct WishSeriesListDTO: Content {
    let items: [WishSeriesDTO]
}
