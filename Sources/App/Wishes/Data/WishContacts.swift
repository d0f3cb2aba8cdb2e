import Fluent
import Foundation
import KineticCore

/// One sender's address book: their contacts, found by name or address, added one at a time or
/// many from a file, changed and deleted. Another user's contact is never found.
struct WishContacts {
    let database: any Database
    let userID: UUID
    let now: Date

    /// The most contacts one sender keeps.
    static let maximumCount = 5_000

    /// The contacts ``Contact/matches(_:)`` `search` finds, by name (the address for those without).
    func list(matching search: String = "") async throws -> [WishContactRecord] {
        let records = try await WishContactRecord.query(on: database).filter(\.$owner.$id == userID).all()
        let words = Contact.searchWords(search)
        return records.filter { $0.contact.matches(words) }.sorted {
            ($0.contact.sortKey, $0.email) < ($1.contact.sortKey, $1.email)
        }
    }

    /// The contact `id`, if it is the user's; 404 otherwise.
    func record(_ id: UUID?) async throws -> WishContactRecord {
        guard let id,
            let record = try await WishContactRecord.query(on: database).filter(\.$id == id).filter(\.$owner.$id == userID).first()
        else { throw AppError.notFound }
        return record
    }

    /// The user's contacts with these addresses, by address.
    func byAddress(_ addresses: [String]) async throws -> [String: Contact] {
        guard !addresses.isEmpty else { return [:] }
        let records = try await WishContactRecord.query(on: database).filter(\.$owner.$id == userID).filter(\.$email ~~ addresses).all()
        return Dictionary(records.map { ($0.email, $0.contact) }, uniquingKeysWith: { first, _ in first })
    }

    /// Adds `contact`; 409 when the user has a contact with that address, 422 past ``maximumCount``.
    func add(_ contact: Contact) async throws -> WishContactRecord {
        try await database.writeTransaction { database in
            let existing = WishContactRecord.query(on: database).filter(\.$owner.$id == userID)
            guard try await existing.count() < Self.maximumCount else {
                throw AppError.validation(FieldErrors(["email": "wishes.contacts.error.full"]))
            }
            guard try await existing.filter(\.$email == contact.email).first() == nil else { throw Self.taken }
            let record = WishContactRecord(ownerID: userID, contact: contact, now: now)
            do { try await record.create(on: database) } catch let error as DatabaseError where error.isConstraintFailure {
                throw Self.taken
            }
            return record
        }
    }

    /// Changes the contact `id` to `contact`; 409 when another of the user's contacts has its address.
    func update(_ id: UUID?, to contact: Contact) async throws -> WishContactRecord {
        let record = try await record(id)
        if contact.email != record.email,
            try await WishContactRecord.query(on: database).filter(\.$owner.$id == userID).filter(\.$email == contact.email).first() != nil
        {
            throw Self.taken
        }
        record.update(to: contact, now: now)
        try await database.writeTransaction { database in
            do { try await record.save(on: database) } catch let error as DatabaseError where error.isConstraintFailure { throw Self.taken }
            // The yearly wishes on their birthday follow it.
            if let birthday = contact.birthday {
                try await WishSeriesRecord.query(on: database).filter(\.$sender.$id == userID)
                    .filter(\.$birthdayContactID == record.requireID())
                    .set(\.$month, to: birthday.month).set(\.$day, to: birthday.day).update()
            }
        }
        if contact.birthday != nil { try await moveWaitingBirthdayWishes(of: try record.requireID()) }
        return record
    }

    /// Moves the year's wish waiting to go, of each yearly wish on the birthday of contact
    /// `contactID`, to the birthday's day in its year as it is now, when that is still ahead; a
    /// wish whose new day has passed keeps its time (the next year's goes on the new day), as
    /// does one being sent.
    private func moveWaitingBirthdayWishes(of contactID: UUID) async throws {
        let boxes = WishBoxes(database: database, userID: userID)
        let anchored = try await WishSeriesRecord.query(on: database).filter(\.$sender.$id == userID)
            .filter(\.$birthdayContactID == contactID).filter(\.$state != .ended).all()
        for series in anchored {
            let seriesID = try series.requireID()
            guard
                let waiting = try await WishRecord.query(on: database).filter(\.$seriesID == seriesID)
                    .filter(\.$state == .scheduled).first(),
                let year = waiting.occurrenceYear, let moved = series.recurrence?.occurrence(in: year),
                moved.instant > now, moved.instant != waiting.sendAt, let listing = try await boxes.listing(try waiting.requireID())
            else { continue }
            let draft = WishDraft(
                occasion: listing.occasion, subject: listing.subject, message: listing.message, photo: listing.photo,
                recipients: listing.recipients.map(\.address), sendTime: moved,
                reaches: Dictionary(listing.recipients.map { ($0.address, $0.reach) }, uniquingKeysWith: { first, _ in first }),
                postsToConnections: listing.postsToConnections)
            do { _ = try await boxes.update(listing.id, to: draft, now: now) } catch is WishChangeRefusal { continue }
            try await WishSeriesRecord.query(on: database).filter(\.$id == seriesID).set(\.$nextRollAt, to: moved.instant).update()
        }
    }

    /// Deletes the contact `id`; 404 when it is not the user's. The yearly wishes on their
    /// birthday keep the day they had. Returns the id of the photo it had, which only it used.
    @discardableResult
    func delete(_ id: UUID?) async throws -> UUID? {
        let record = try await record(id)
        try await database.writeTransaction { database in
            try await WishSeriesRecord.query(on: database).filter(\.$sender.$id == userID)
                .filter(\.$birthdayContactID == record.requireID()).set(\.$birthdayContactID, to: nil).update()
            try await record.delete(on: database)
        }
        return record.photoID
    }

    /// What storing `entries` would do: those whose address is new, and those already kept (left as they are).
    func sorted(_ entries: [ContactImport.Entry]) async throws -> (new: [ContactImport.Entry], known: [ContactImport.Entry]) {
        let known = Set(try await byAddress(entries.map(\.contact.email)).keys)
        return (entries.filter { !known.contains($0.contact.email) }, entries.filter { known.contains($0.contact.email) })
    }

    /// Stores the contacts of `entries` whose address the user does not have yet, all or none,
    /// each with its photo among `photos` (by address) when that is one of the user's contact
    /// photos (``WishContactPhotos``); how many were added.
    func importing(_ entries: [ContactImport.Entry], photos: [String: UUID] = [:]) async throws -> Int {
        try await database.writeTransaction { database in
            let book = WishContacts(database: database, userID: userID, now: now)
            let new = try await book.sorted(entries).new
            let count = try await WishContactRecord.query(on: database).filter(\.$owner.$id == userID).count()
            guard count + new.count <= Self.maximumCount else {
                throw AppError.validation(FieldErrors(["file": "wishes.contacts.error.full"]))
            }
            let usable =
                photos.isEmpty
                ? []
                : Set(
                    try await WishPhotoRecord.query(on: database).filter(\.$owner.$id == userID)
                        .filter(\.$purpose == WishPhotoRecord.contactPurpose).filter(\.$id ~~ Array(photos.values)).all(\.$id))
            for entry in new {
                let record = WishContactRecord(ownerID: userID, contact: entry.contact, now: now)
                record.photoID = photos[entry.contact.email].flatMap { usable.contains($0) ? $0 : nil }
                try await record.create(on: database)
            }
            return new.count
        }
    }

    private static let taken = AppError.conflict(messageKey: "wishes.contacts.error.email.taken")

    /// The names `senderID` knows `addresses` by: their contacts', else those of the Kinetic
    /// accounts that confirmed them.
    static func knownNames(of addresses: [String], to senderID: UUID, on database: any Database) async throws -> [String: String] {
        guard !addresses.isEmpty else { return [:] }
        var names: [String: String] = [:]
        for user in try await User.query(on: database).filter(\.$email ~~ addresses).filter(\.$emailVerifiedAt != nil).all()
        where !user.name.isEmpty {
            names[user.email] = user.name
        }
        let contacts = try await WishContactRecord.query(on: database).filter(\.$owner.$id == senderID).filter(\.$email ~~ addresses).all()
        for contact in contacts where !contact.name.isEmpty { names[contact.email] = contact.name }
        return names
    }
}
