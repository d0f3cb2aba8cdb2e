import Foundation
import KineticCore
import Vapor

/// Wishes over the API: what a wish can be made of, scheduling, the three lists with search,
/// one wish, changing and deleting, the search history.
struct WishesAPIController {
    /// `GET /api/v1/wishes/occasions`: the occasions with their stock texts and cards, in the
    /// caller's language, and which channels this server can send on; with `firstName`, the
    /// texts greet the recipient by it.
    func occasions(_ request: Request) async throws -> WishOccasionsDTO {
        let localizer = request.localizer
        let name = (request.query[String.self, at: "firstName"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.count <= Contact.maximumNameLength else {
            throw AppError.validation(FieldErrors(["firstName": "wishes.contacts.error.name.long"]))
        }
        let text = { (key: String) in name.isEmpty ? localizer.t(key) : localizer.t(WishStock.namedTextKey(key), name) }
        let configuration = request.application.kineticConfiguration
        return WishOccasionsDTO(
            defaultOccasion: Occasion.default.rawValue,
            occasions: Occasion.allCases.map { occasion in
                WishOccasionsDTO.Occasion(
                    id: occasion.rawValue, name: localizer.t(occasion.nameKey), defaultSubject: localizer.t(occasion.defaultSubjectKey),
                    texts: occasion.stockTextKeys.map { WishOccasionsDTO.Text(id: $0, text: text($0)) },
                    photos: occasion.stockPhotoIDs.map {
                        WishDTO.Photo(id: WishPhoto.stock($0).description, url: WishDTO.url(of: .stock($0), api: true))
                    }
                )
            },
            channels: WishChannel.allCases.map {
                WishOccasionsDTO.Channel(
                    id: $0.rawValue, name: localizer.t($0.nameKey),
                    available: configuration.offersWishChannel($0) && (request.auth.get(User.self)?.mayUse($0) ?? false))
            }
        )
    }

    /// `POST /api/v1/wishes`: schedules a wish, or with `repeatsYearly` the first of a yearly
    /// wish; 201 with it.
    func create(_ request: Request) async throws -> Response {
        let wishes = try request.wishes()
        let (draft, yearly) = try await checked(in: request, for: wishes)
        let listing = try await wishes.schedule(draft, yearly: yearly)
        return try await WishDTO(listing, localizer: request.localizer).created(
            at: .api(.wishes(.wish(id: listing.id.uuidString))), for: request)
    }

    /// `GET /api/v1/wishes?box=scheduled|inbox|sent&q=&occasion=&cursor=`: a page of a list,
    /// soonest first (scheduled) or newest first. A search (`q`) on a first page is remembered
    /// in the list's search history.
    func list(_ request: Request) async throws -> Response {
        let box = try request.requestedWishBox(default: .scheduled)
        let filter = try request.requestedWishFilter()
        let cursor = try request.requestedWishCursor(for: filter)
        let boxes = try request.wishes().boxes
        if cursor == nil, !filter.phrase.isEmpty { try await boxes.recordSearch(filter.phrase, in: box) }
        let page = try await boxes.page(box, filter: filter, after: cursor)
        let localizer = request.localizer
        return WishListDTO(box: box.rawValue, items: page.items.map { WishDTO($0, localizer: localizer) }, nextCursor: page.next?.token)
            .jsonResponse(allocator: request.byteBufferAllocator)
    }

    /// `GET /api/v1/wishes/{wishId}`: one wish; opening an Inbox wish marks it read.
    func show(_ request: Request) async throws -> WishDTO {
        let wishes = try request.wishes()
        var listing = try await wishes.wish(request.requestedWishID)
        if listing.isUnread {
            try await wishes.boxes.markRead(listing.id, now: wishes.now)
            listing = try await wishes.wish(listing.id)
        }
        return WishDTO(listing, localizer: request.localizer)
    }

    /// `PUT /api/v1/wishes/{wishId}`: replaces a scheduled wish (the members of POST); 409 once
    /// it is being sent, 404 for a wish that is not scheduled.
    func replace(_ request: Request) async throws -> WishDTO {
        let wishes = try request.wishes()
        let listing = try await wishes.wish(request.requestedWishID)
        guard listing.box == .scheduled else { throw AppError.wishChange(.beingSent) }
        let (draft, yearly) = try await checked(in: request, for: wishes, replacing: listing.id)
        // Each year's wish is changed on its own; how it repeats is the yearly wish's.
        guard yearly == nil else { throw AppError.validation(FieldErrors(["repeatsYearly": "wishes.yearly.error.onEdit"])) }
        do {
            guard
                let updated = try await wishes.boxes.update(
                    listing.id, to: draft, now: wishes.now, checking: wishes.sendingLimitCheck(for: draft, replacing: listing.id))
            else {
                throw AppError.wishChange(.beingSent)
            }
            return WishDTO(updated, localizer: request.localizer)
        } catch let refusal as WishChangeRefusal {
            throw AppError.wishChange(refusal)
        }
    }

    /// `POST /api/v1/wishes/{wishId}/thanks` with `{"message": …}`: a thank-you for an Inbox
    /// wish, into its sender's Inbox; 204, 409 when it was thanked for already or its sender's
    /// account is gone, 422 for a note Kinetic does not send.
    func thank(_ request: Request) async throws -> HTTPStatus {
        let wishes = try request.wishes()
        var reader = try await JSONMemberReader.object(request.jsonBody(), known: ["message"]).mapError(AppError.validation).get()
        let text = reader.string("message")
        let note = try reader.result(text).flatMap { WishThanks.checked($0) }.mapError(AppError.validation).get()
        switch try await wishes.boxes.thank(request.requestedWishID, note: note, from: wishes.user, now: wishes.now) {
        case .sent: return .noContent
        case .already: throw AppError.conflict(messageKey: "wishes.thanks.error.already")
        case .senderGone: throw AppError.conflict(messageKey: "wishes.thanks.error.senderGone")
        }
    }

    /// `DELETE /api/v1/wishes/{wishId}`: 204; a scheduled wish's deliveries are cancelled with it.
    func delete(_ request: Request) async throws -> HTTPStatus {
        let wishes = try request.wishes()
        let listing = try await wishes.wish(request.requestedWishID)
        do { try await wishes.boxes.delete([listing.id], now: wishes.now) } catch let refusal as WishChangeRefusal {
            throw AppError.wishChange(refusal, field: "id")
        }
        return .noContent
    }

    /// `POST /api/v1/wishes/delete` with `{"ids": […]}`: deletes them all or none (404 naming
    /// each id that is not the caller's, 409 while one is being sent).
    func deleteSeveral(_ request: Request) async throws -> HTTPStatus {
        var reader = try await JSONMemberReader.object(request.jsonBody(), known: ["ids"]).get()
        let texts = reader.strings("ids", missingKey: "error.field.arrayExpected") ?? []
        if texts.isEmpty && reader.errors.isEmpty { reader.fail("ids", "wishes.error.ids.empty") }
        if texts.count > 500 { reader.fail("ids", "wishes.error.ids.many") }
        let ids = texts.map { UUID(uuidString: $0) }
        for (index, id) in ids.enumerated() where id == nil { reader.fail("ids[\(index)]", "error.notFound") }
        let checked = try reader.result(ids.compactMap { $0 }).mapError(AppError.validation).get()
        let wishes = try request.wishes()
        do { try await wishes.boxes.delete(checked, now: wishes.now) } catch let refusal as WishChangeRefusal {
            throw AppError.wishChange(refusal)
        }
        return .noContent
    }

    /// `GET /api/v1/wishes/search-history?box=…`: the list's last searched phrases, newest first.
    func searchHistory(_ request: Request) async throws -> WishSearchHistoryDTO {
        let box = try request.requestedWishBox()
        return WishSearchHistoryDTO(box: box.rawValue, phrases: try await request.wishes().boxes.searchHistory(box).phrases)
    }

    /// `GET /api/v1/wishes/counts`: how many each list holds, and the unread ones.
    func counts(_ request: Request) async throws -> WishCountsDTO {
        let counts = try await request.wishes().boxes.counts()
        return WishCountsDTO(
            scheduled: counts.boxes[.scheduled] ?? 0, inbox: counts.boxes[.inbox] ?? 0, sent: counts.boxes[.sent] ?? 0,
            unread: counts.unread)
    }

    /// The JSON body of a new or changed wish, checked, and its reminder when it repeats
    /// yearly; 422 naming every problem.
    private func checked(
        in request: Request, for wishes: WishesService, replacing: UUID? = nil
    ) async throws -> (WishDraft, YearlyReminder?) {
        let members = try await JSONMemberReader.object(request.jsonBody()).mapError(AppError.validation).get().members
        let read = WishDraftInput.read(json: members)
        var errors = read.errors
        var yearly: YearlyReminder?
        switch YearlyReminder.checked(read.input.remindDaysBefore) {
        case .success(let reminder): yearly = read.input.repeatsYearly || read.input.onBirthdayOf != nil ? reminder : nil
        case .failure(let failures): errors.merge(failures, prefix: nil)
        }
        let draft = try await wishes.check(read.input, timeZone: read.timeZone, errors: errors, replacing: replacing)
        return (draft, yearly)
    }
}
