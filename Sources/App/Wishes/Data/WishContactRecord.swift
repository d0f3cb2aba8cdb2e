import Fluent
import Foundation
import KineticCore

/// One person in a sender's address book (``Contact``): an address, each once per sender.
final class WishContactRecord: Model, @unchecked Sendable {
    static let schema = "wish_contacts"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "name") var name: String
    /// Normalized; unique per owner.
    @Field(key: "email") var email: String
    /// `1996-04-15` or `--04-15` (``Birthday``).
    @OptionalField(key: "birthday") var birthday: String?
    /// An IANA identifier.
    @OptionalField(key: "time_zone") var timeZone: String?
    /// A ``RecipientReach`` name; nil lets Kinetic choose.
    @OptionalField(key: "reach") var reach: String?
    /// Their other addresses, one per line (``Contact/otherEmails``); nil for none.
    @OptionalField(key: "other_emails") var otherEmails: String?
    /// Month and day as `MM-dd`, for the birthdays coming up (sorted as text).
    @OptionalField(key: "birthday_month_day") var birthdayMonthDay: String?
    /// Their photo (a ``WishPhotoRecord`` for contacts), from an imported address book.
    @OptionalField(key: "photo_id") var photoID: UUID?
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}

    init(id: UUID = UUID(), ownerID: UUID, contact: Contact, now: Date) {
        self.id = id
        self.$owner.id = ownerID
        self.createdAt = now
        update(to: contact, now: now)
    }

    /// Takes every field of `contact`.
    func update(to contact: Contact, now: Date) {
        name = contact.name
        email = contact.email
        birthday = contact.birthday?.description
        birthdayMonthDay = contact.birthday.map { String(zeroPadded: $0.month, width: 2) + "-" + String(zeroPadded: $0.day, width: 2) }
        timeZone = contact.timeZone
        reach = contact.reach?.rawValue
        otherEmails = contact.otherEmails.isEmpty ? nil : contact.otherEmails.joined(separator: "\n")
        updatedAt = now
    }

    /// The contact as the rules know it (a stored value Kinetic no longer reads is left out).
    var contact: Contact {
        Contact(
            name: name, email: email, birthday: birthday.flatMap { Birthday(parsing: $0) }, timeZone: timeZone,
            reach: reach.flatMap(RecipientReach.init(rawValue:)),
            otherEmails: (otherEmails ?? "").split(separator: "\n").map(String.init))
    }
}
