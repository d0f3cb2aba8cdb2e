import Foundation
import KineticCore
import Vapor

/// A contact as the API returns it.
struct WishContactDTO: Content {
    let id: UUID
    let name: String
    let email: String
    /// `1996-04-15`, or `--04-15` without a year.
    @NullEncoded var birthday: String?
    /// An IANA identifier.
    @NullEncoded var timeZone: String?
    /// `in-app`, `email` or `email-and-in-app`; null lets Kinetic choose for each wish.
    @NullEncoded var reach: String?
    /// Their other addresses; wishes go to ``email``.
    let otherEmails: [String]
    /// Their photo (`GET` it with the same token), from an imported address book.
    @NullEncoded var photoUrl: String?

    init(_ record: WishContactRecord) {
        let contact = record.contact
        id = record.id ?? UUID()
        name = contact.name
        email = contact.email
        birthday = contact.birthday?.description
        timeZone = contact.timeZone
        reach = contact.reach?.rawValue
        otherEmails = contact.otherEmails
        photoUrl = record.photoID.map { SiteURL.api(.wishes(.photo(id: $0.uuidString.lowercased()))).path }
    }
}

struct WishContactListDTO: Content {
    let items: [WishContactDTO]
}

/// What an address-book file holds, and what importing it did.
struct WishContactImportDTO: Content {
    struct Entry: Content {
        /// Where the person's card (or row) begins.
        let line: Int
        let name: String
        let email: String
        let otherEmails: [String]
        @NullEncoded var birthday: String?
        @NullEncoded var timeZone: String?
        /// Whether the address is a contact already (then it is left as it is).
        let known: Bool
    }

    struct Problem: Content {
        /// Null for the whole file.
        @NullEncoded var line: Int?
        /// The `wishes.contacts.import.*` key.
        let code: String
        let message: String
    }

    let entries: [Entry]
    let problems: [Problem]
    /// How many would be (dry run) or were added.
    let new: Int
    let added: Int
    let dryRun: Bool

    /// `problems`: the file's and its photos' (nil: the file's).
    init(
        _ read: ContactImport, problems: [ContactImport.Problem]? = nil, new: [ContactImport.Entry], known: [ContactImport.Entry],
        added: Int, dryRun: Bool, localizer: Localizer
    ) {
        let knownAddresses = Set(known.map(\.contact.email))
        entries = read.entries.map { entry in
            Entry(
                line: entry.line, name: entry.contact.name, email: entry.contact.email, otherEmails: entry.contact.otherEmails,
                birthday: entry.contact.birthday?.description,
                timeZone: entry.contact.timeZone, known: knownAddresses.contains(entry.contact.email))
        }
        self.problems = (problems ?? read.problems).map {
            Problem(line: $0.line, code: $0.messageKey, message: localizer.t($0.messageKey, arguments: $0.arguments))
        }
        self.new = new.count
        self.added = added
        self.dryRun = dryRun
    }
}
