import AddressBook
import Fluent
import Foundation
import KineticCore
import Vapor

/// The Wishes module's operations for one signed-in user: their lists, checking and scheduling a
/// wish, their photos. Made once per request (`request.wishes()`) from the database, the clock,
/// the configuration, the user's tool line and language; the web and API controllers both call
/// it and only read their input and shape their answer.
struct WishesService {
    let database: any Database
    let user: User
    let userID: UUID
    let now: Date
    let configuration: KineticConfiguration
    /// For the messages of refusals that name a time or a number.
    let localizer: Localizer
    /// The user's line for tool work (photos are re-encoded by ffmpeg).
    let tools: ToolRunner
    /// The client as per-address limits count it (``Request/clientLimitKey``), which lookups
    /// of recipients also count against.
    var client: String? = nil
    /// Where uploaded photos are kept.
    let photoFiles: WishPhotoFiles
    /// Fetches the photos an imported address book links to; nil fetches none.
    var photoLinks: ContactPhotoLinks? = nil

    /// The most yearly wishes one sender keeps going (paused ones count).
    static let maximumYearlyWishes = 500

    /// The sender's time zone: their setting, else the server's.
    var timeZone: TimeZone { user.timeZone ?? configuration.timeZone }

    /// The user's lists: Scheduled, Inbox and Sent.
    var boxes: WishBoxes { WishBoxes(database: database, userID: userID) }

    /// The user's yearly wishes.
    var yearly: WishSeriesBook {
        WishSeriesBook(
            database: database, userID: userID, now: now, roller: YearlyWishRoller(database: database, catalog: localizer.catalog))
    }

    /// The user's address book.
    var contacts: WishContacts { WishContacts(database: database, userID: userID, now: now) }

    /// The photos of the user's contacts.
    var contactPhotos: WishContactPhotos {
        WishContactPhotos(
            database: database, ownerID: userID, files: photoFiles, tools: tools, uploadDirectory: configuration.uploadDirectory, now: now,
            links: photoLinks)
    }

    /// Keeps the photos `entries` (an import's new contacts) have, for their import; takes away
    /// first what earlier previews kept and no import took.
    func keepContactPhotos(of entries: [ContactImport.Entry]) async throws -> WishContactPhotos.Kept {
        let photos = contactPhotos
        try await photos.removeUnused()
        guard entries.contains(where: { $0.photo != nil }) else { return .init() }
        guard WishPhotoImporter.isAvailable else { throw WishPhotoImporter.toolsMissing }
        let usage = try await StorageUsage.of(user, on: database, defaultQuota: configuration.storageQuotaBytes)
        return try await photos.keep(entries, within: usage)
    }

    /// Deletes the contact `id` (404 when it is not the user's), and its photo.
    func deleteContact(_ id: UUID?) async throws {
        if let photo = try await contacts.delete(id) { try await contactPhotos.remove(photo) }
    }

    /// Takes away the photo of the contact `id` (404 when it is not the user's).
    func removePhoto(ofContact id: UUID?) async throws {
        let record = try await contacts.record(id)
        guard let photo = record.photoID else { return }
        record.photoID = nil
        try await record.save(on: database)
        try await contactPhotos.remove(photo)
    }

    /// The people of an uploaded vCard or CSV file (``ContactFile``), read on a tool thread in
    /// the user's turn: a file of megabytes takes a while to read, and the threads that answer
    /// everyone's requests must not wait for it.
    func readContactFile(_ bytes: ByteBuffer) async throws -> ContactImport {
        try await tools.runBlocking { ContactFile.read(Array(bytes.readableBytesView)) }
    }

    /// The wish or Inbox item `id`, if it is the user's; 404 otherwise.
    func wish(_ id: UUID?) async throws -> WishListing {
        guard let id, let listing = try await boxes.listing(id) else { throw AppError.notFound }
        return listing
    }

    /// `input` checked as a wish the user may schedule now: every field's rule (``WishDraft``)
    /// and a photo that is theirs (``checkContent(_:timeZone:errors:)``), then how it goes out
    /// (``sendingProblems(of:replacing:)``). 422 naming every problem, with `known` problems of
    /// the input's shape among them. `replacing`: the wish an edit replaces, whose recipients
    /// the limits do not count twice.
    func check(
        _ input: WishDraftInput, timeZone: TimeZone? = nil, errors known: FieldErrors = FieldErrors(), replacing: UUID? = nil
    ) async throws -> WishDraft {
        let draft = try await checkContent(input, timeZone: timeZone, errors: known)
        if let problems = try await sendingProblems(of: draft, replacing: replacing) { throw problems }
        return draft
    }

    /// `input` checked by every field's rule and for a photo that is the user's, with each
    /// recipient's reach settled (the sender's choice, else the one their contact names, else
    /// by whether a Kinetic account confirmed the address). 422 naming every problem.
    func checkContent(
        _ input: WishDraftInput, timeZone: TimeZone? = nil, errors known: FieldErrors = FieldErrors()
    ) async throws
        -> WishDraft
    {
        var errors = known
        var input = input
        var zone = timeZone ?? self.timeZone
        var anchor: BirthdayAnchor?
        if let choice = input.onBirthdayOf {
            switch try await firstBirthday(choice, timeZone: timeZone) {
            case .success(let (anchored, first)):
                (anchor, zone, input.sendAt) = (anchored, first.timeZone, first.localDateTime)
            case .failure(let failures):
                errors.merge(failures, prefix: nil)
                // The other fields are still checked, in the same answer.
                input.sendAt = WishSendTime.nextWholeHour(after: now, in: zone)
            }
        }
        var draft: WishDraft?
        switch WishDraft.validate(input, timeZone: zone, now: now) {
        case .success(let checked): draft = checked
        case .failure(let failures): errors.merge(failures, prefix: nil)
        }
        draft?.birthdayAnchor = anchor
        if case .uploaded(let id)? = draft?.photo, try await !ownsPhoto(id) { errors.add("photo", "wishes.error.photo") }
        guard errors.isEmpty, let draft else { throw AppError.validation(errors) }
        try await countLookups(of: draft.recipients)
        // A contact's e-mail is no preference while the sender cannot send one.
        let preferred = try await contacts.byAddress(draft.recipients).compactMapValues(\.reach).filter { canEmail || !$0.value.sendsEmail }
        return draft.preferring(preferred).settlingReaches(
            confirmedAccounts: try await confirmedAddresses(among: draft.recipients), senderCanEmail: canEmail)
    }

    /// The birthday a yearly wish "on <contact>'s birthday" is anchored on, and its first send
    /// time after now (at the chosen time, in the chosen zone: ``BirthdayChoice/zone``); or what is wrong (`onBirthdayOf`: not the user's contact, or one without a birthday).
    func firstBirthday(
        _ choice: BirthdayChoice, timeZone: TimeZone?
    ) async throws -> Result<(BirthdayAnchor, WishSendTime), FieldErrors> {
        let checked: (time: TimeOfDay, leapDay: YearlyRecurrence.LeapDay, sendersZone: Bool?)
        switch choice.checked() {
        case .success(let values): checked = values
        case .failure(let failures): return .failure(failures)
        }
        let query = WishContactRecord.query(on: database).filter(\.$owner.$id == userID)
        if let id = choice.contactID.flatMap(UUID.init(uuidString:)) {
            query.filter(\.$id == id)
        } else if let email = choice.contactEmail.flatMap(WishDraft.mailSafeAddress) {
            query.filter(\.$email == email)
        } else {
            return .failure(FieldErrors(["onBirthdayOf": "wishes.yearly.error.contact"]))
        }
        guard let record = try await query.first(), let contactID = record.id else {
            return .failure(FieldErrors(["onBirthdayOf": "wishes.yearly.error.contact"]))
        }
        let contact = record.contact
        guard let birthday = contact.birthday else {
            return .failure(FieldErrors(["onBirthdayOf": "wishes.yearly.error.noBirthday"]))
        }
        let theirs = contact.timeZone.flatMap(TimeZone.init(identifier:))
        let zone: TimeZone
        switch checked.sendersZone {
        case true?: zone = timeZone ?? self.timeZone
        case false?:
            guard let theirs else { return .failure(FieldErrors(["onBirthdayOf.zone": "wishes.yearly.error.noZone"])) }
            zone = theirs
        case nil: zone = timeZone ?? theirs ?? self.timeZone
        }
        // One yearly wish on each contact's birthday: said before anything is scheduled.
        let taken = try await WishSeriesRecord.query(on: database).filter(\.$sender.$id == userID)
            .filter(\.$birthdayContactID == contactID).filter(\.$state != .ended).first()
        guard taken == nil else { return .failure(FieldErrors(["onBirthdayOf": "wishes.yearly.error.birthdayTaken"])) }
        let anchor = BirthdayAnchor(contactID: contactID, birthday: birthday, leapDay: checked.leapDay)
        return .success((anchor, anchor.recurrence(time: checked.time, timeZone: zone).next(after: now)))
    }

    /// Why `draft` cannot go out as it is, or nil: an e-mail when this server sends none or the
    /// user's own address is not confirmed (only Kinetic inboxes until then), or past the
    /// sending limits (`reach`, naming the addresses or the limit); a Connections post this
    /// server or the user cannot make (`connections`).
    func sendingProblems(of draft: WishDraft, replacing: UUID? = nil) async throws -> AppError? {
        var errors = FieldErrors()
        var arguments: [String: [String]] = [:]
        let emailed = draft.addressees.filter(\.reach.sendsEmail).map(\.address)
        if !emailed.isEmpty {
            if !configuration.offersWishChannel(.email) {
                errors.add("reach", "wishes.error.reach.emailUnavailable")
                arguments["reach"] = [localizer.listJoined(emailed)]
            } else if !user.mayUse(.email) {
                errors.add("reach", "wishes.error.reach.unconfirmed")
                arguments["reach"] = [localizer.listJoined(emailed)]
            } else if let reached = try await sendingLimitReached(adding: emailed.count, at: draft.sendTime.instant, replacing: replacing) {
                let (key, values) = limitMessage(reached)
                errors.add("reach", key)
                arguments["reach"] = values
            }
        }
        if draft.postsToConnections {
            if !configuration.offersWishChannel(.connections) {
                errors.add("connections", "wishes.error.channels.unavailable")
            } else if !user.mayUse(.connections) {
                errors.add("connections", "wishes.error.channels.unconfirmed")
            }
        }
        guard !errors.isEmpty else { return nil }
        var error = AppError.validation(errors)
        error.fieldArguments = arguments
        return error
    }

    /// Whether this server sends e-mail and the user may send it.
    var canEmail: Bool { configuration.offersWishChannel(.email) && user.mayUse(.email) }

    /// Those of `addresses` that a Kinetic account confirmed: the recipients an in-app wish reaches.
    func confirmedAddresses(among addresses: [String]) async throws -> Set<String> {
        guard !addresses.isEmpty else { return [] }
        return Set(try await User.query(on: database).filter(\.$email ~~ addresses).filter(\.$emailVerifiedAt != nil).all(\.$email))
    }

    /// Schedules a checked wish: the wish, its recipients and deliveries in one transaction;
    /// with `yearly`, as the first of a yearly wish (``WishSeriesRecord``) with that reminder.
    @discardableResult
    func schedule(_ draft: WishDraft, yearly: YearlyReminder? = nil) async throws -> WishListing {
        let repository = WishesRepository(database: database)
        if yearly != nil {
            let kept = try await WishSeriesRecord.query(on: database).filter(\.$sender.$id == userID).filter(\.$state != .ended).count()
            guard kept < Self.maximumYearlyWishes else {
                throw AppError.validation(FieldErrors(["repeatsYearly": "wishes.yearly.error.many"]))
            }
        }
        let checking = sendingLimitCheck(for: draft)
        let wish =
            if let yearly {
                try await repository.scheduleYearly(draft, reminder: yearly, from: userID, now: now, checking: checking)
            } else {
                try await repository.schedule(draft, from: userID, now: now, checking: checking)
            }
        return try await self.wish(wish.id)
    }

    /// The sending limits checked again inside the transaction that records `draft` (the
    /// sender held: ``WishesRepository/holdSender(_:on:)``), so parallel requests cannot each
    /// pass a limit only one of them fits under. `replacing`: the wish an edit replaces.
    func sendingLimitCheck(for draft: WishDraft, replacing: UUID? = nil) -> WishesRepository.SenderCheck {
        let count = draft.addressees.filter(\.reach.sendsEmail).count
        guard count > 0 else { return { _ in } }
        let service = self
        return { database in
            guard
                let reached = try await service.sendingLimitReached(
                    adding: count, at: draft.sendTime.instant, replacing: replacing, on: database)
            else { return }
            let (key, values) = service.limitMessage(reached)
            var error = AppError.validation(FieldErrors(["reach": key]))
            error.fieldArguments = ["reach": values]
            throw error
        }
    }

    /// The user's last uploaded photos, newest first, as `upload:<uuid>`.
    func recentPhotos(limit: Int = 6) async throws -> [String] {
        try await WishPhotoRecord.query(on: database).filter(\.$owner.$id == userID).filter(\.$purpose == .none)
            .sort(\.$createdAt, .descending).limit(limit)
            .all(\.$id).map { WishPhoto.uploaded($0).description }
    }

    /// Keeps a received upload (`file`, at most ``WishPhotoCheck/maximumBytes``) as the user's
    /// photo: checked, re-encoded and stored; the file is consumed.
    func importPhoto(_ file: URL) async throws -> WishPhotoImporter.Stored {
        guard WishPhotoImporter.isAvailable else { throw WishPhotoImporter.toolsMissing }
        let importer = WishPhotoImporter(database: database, ownerID: userID, files: photoFiles, tools: tools)
        return try await importer.importPhoto(file, at: now)
    }

    /// Whether a wish with `count` e-mail recipients may go at `time` under the user's sending
    /// limits (``SendingLimits/checkScheduling(adding:at:others:createdAt:)``), beside their other
    /// e-mails: those waiting to go (at their time) and those gone (when they went), around it.
    /// `replacing`: the wish an edit replaces, not counted.
    private func sendingLimitReached(
        adding count: Int, at time: Date, replacing: UUID?, on database: (any Database)? = nil
    ) async throws -> SendingLimits.Reached? {
        let others = try await emailTimes(
            from: time.addingTimeInterval(-SendingLimits.day), replacing: replacing, on: database ?? self.database)
        return configuration.wishDelivery.limits.checkScheduling(
            adding: count, at: time.timeIntervalSince1970, others: others, createdAt: user.createdAt?.timeIntervalSince1970)
    }

    /// Whether more of the user's e-mails than an hour allows go out in the hour of `draft`'s
    /// time, so that some wait their turn: what the Preview says.
    func hourIsFull(for draft: WishDraft, replacing: UUID? = nil) async throws -> Bool {
        let count = draft.addressees.filter(\.reach.sendsEmail).count
        guard count > 0, canEmail else { return false }
        let time = draft.sendTime.instant
        let others = try await emailTimes(from: time.addingTimeInterval(-SendingLimits.hour), replacing: replacing, on: database)
        return configuration.wishDelivery.limits.hourIsFull(
            adding: count, at: time.timeIntervalSince1970, others: others, createdAt: user.createdAt?.timeIntervalSince1970)
    }

    /// When the user's e-mails go or went, from `start` on (seconds since 1970): a delivered one
    /// when it went, a waiting one at its due time; failed and taken back ones take no room.
    private func emailTimes(from start: Date, replacing: UUID?, on database: any Database) async throws -> [Double] {
        let query = WishDeliveryRecord.query(on: database).join(WishRecord.self, on: \WishDeliveryRecord.$wish.$id == \WishRecord.$id)
            .filter(WishRecord.self, \.$sender.$id == userID).filter(\.$channel == .email)
            .group(.or) { either in
                either.group(.and) { $0.filter(\.$state == .delivered).filter(\.$finishedAt >= start) }
                either.group(.and) { $0.filter(\.$state ~~ [.pending, .sending]).filter(\.$dueAt >= start) }
            }
        if let replacing { query.filter(WishRecord.self, \.$id != replacing) }
        return try await query.all().map { ($0.state == .delivered ? $0.finishedAt ?? $0.dueAt : $0.dueAt).timeIntervalSince1970 }
    }

    /// The message of a sending limit reached, and what fills it: the first time with room, or
    /// the most one wish may have when no time has room for it.
    private func limitMessage(_ reached: SendingLimits.Reached) -> (String, [String]) {
        let limits = configuration.wishDelivery.limits
        guard let frees = reached.freesAt else {
            return reached.window == SendingLimits.hour
                ? ("wishes.error.limit.hourAtOnce", [localizer.number(limits.perHour)])
                : ("wishes.error.limit.dayAtOnce", [localizer.number(limits.perDay)])
        }
        let when = localizer.dateTime(Date(timeIntervalSince1970: frees), in: timeZone)
        let key =
            reached.inFirstDay
            ? "wishes.error.limit.firstDay" : reached.window == SendingLimits.hour ? "wishes.error.limit.hour" : "wishes.error.limit.day"
        return (key, [localizer.number(reached.limit), when])
    }

    /// Counts `addresses` as looked up (``AddressLookups``); 429 saying from when more can be
    /// looked up once they are spent.
    private func countLookups(of addresses: [String]) async throws {
        let lookups = AddressLookups(throttle: Throttle(database: database, now: now), userID: userID, client: client)
        guard let wait = try await lookups.count(addresses) else { return }
        throw AppError(
            status: .tooManyRequests, code: "too_many_lookups", messageKey: "wishes.error.lookups",
            messageArguments: [localizer.dateTime(now.addingTimeInterval(Double(wait)), in: timeZone)], retryAfterSeconds: wait)
    }

    /// Whether `id` is one of the user's wish photos (a contact's photo is not: it goes with the contact).
    private func ownsPhoto(_ id: UUID) async throws -> Bool {
        try await WishPhotoRecord.query(on: database).filter(\.$id == id).filter(\.$owner.$id == userID).filter(\.$purpose == .none)
            .first() != nil
    }
}

extension Request {
    /// The Wishes module's operations for the signed-in user.
    func wishes() throws -> WishesService {
        let user = try requireUser()
        return WishesService(
            database: db, user: user, userID: try user.requireID(), now: now, configuration: application.kineticConfiguration,
            localizer: localizer, tools: try userTools(), client: clientLimitKey,
            photoFiles: WishPhotoFiles(store: application.media),
            photoLinks: .live(http: application.outboundHTTP, allowed: application.kineticConfiguration.wishContacts.photoHosts))
    }
}

extension User {
    /// Whether the account may send on `channel`: in-app always; e-mail and Connections, which
    /// reach people outside Kinetic under the server's name, once its address is confirmed.
    func mayUse(_ channel: WishChannel) -> Bool {
        channel == .inApp || isVerified
    }
}
