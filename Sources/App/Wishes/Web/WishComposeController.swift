import Foundation
import KineticCore
import SQLKit
import Vapor

/// Composing a wish on the web: the form (new or edit), its preview with Send Options, back to
/// the form, and Confirm, which schedules it (or saves the change). Each step checks what it
/// was given and shows the form again with every problem named.
struct WishComposeController {
    func new(_ request: Request) async throws -> Response {
        let l = request.localizer
        let form = WishComposeForm.new(
            from: request.query[String.self, at: "from"], now: request.now, timeZone: try request.wishes().timeZone, l: l)
        return try await formPage(request, form: form, editingID: nil, errors: [:])
    }

    func edit(_ request: Request) async throws -> Response {
        let listing = try await request.wishes().wish(request.requestedWishID)
        guard listing.box == .scheduled else { return request.redirect(to: SiteURL.wishes(.wish(id: listing.id.uuidString)).path) }
        return try await formPage(request, form: WishComposeForm(listing), editingID: listing.id.uuidString, errors: [:])
    }

    private struct Posted: Content {
        var photoFile: File?
        var editing: String?
    }

    /// Next: the preview, or the form again with its problems.
    func preview(_ request: Request) async throws -> Response {
        let l = request.localizer
        let (posted, upload) = try await readForm(request)
        // Only a wish to one person greets them: only that address is looked up in the book.
        let addresses = Set(posted.addresses)
        let book = addresses.count == 1 ? try await request.wishes().contacts.byAddress(Array(addresses)) : [:]
        var form = posted.filled(l, contacts: book)
        let editingID = try await editingID(upload.editing, request)
        var errors: [String: String] = [:]
        if let problem = try await attachPhoto(upload, to: &form, request) { errors["photo"] = problem }
        do {
            let wishes = try request.wishes()
            var known = FieldErrors()
            if case .failure(let failures) = form.yearly() { known.merge(failures, prefix: nil) }
            if editingID != nil, form.repeatsYearly == "on" { known.add("repeatsYearly", "wishes.yearly.error.onEdit") }
            let draft = try await wishes.checkContent(form.input(), timeZone: form.zone, errors: known)
            guard errors.isEmpty else {
                return try await formPage(request, form: form, editingID: editingID, errors: errors, status: .unprocessableEntity)
            }
            // What would stop Confirm is said in Send Options, opened, where it can be changed.
            let problems = try await wishes.sendingProblems(of: draft, replacing: editingID.flatMap(UUID.init(uuidString:)))
            return .html(
                WishPreviewPage.render(
                    try await previewModel(request, form: form, draft: draft, editingID: editingID, problems: problems),
                    context: PageContext(request: request)))
        } catch let error as AppError where error.status == .unprocessableEntity {
            errors.merge(error.fields.messages.mapValues { l.t($0) }) { first, _ in first }
            return try await formPage(request, form: form, editingID: editingID, errors: errors, status: .unprocessableEntity)
        } catch let error as AppError where error.status == .tooManyRequests {
            return try await answerProblems(error, request: request, form: form, editingID: editingID)
        }
    }

    /// Edit on the preview: the form, filled.
    func revise(_ request: Request) async throws -> Response {
        let form = try request.content.decode(WishComposeForm.self)
        let editingID = try await editingID(try request.content.decode(Posted.self).editing, request)
        return try await formPage(request, form: form, editingID: editingID, errors: [:])
    }

    /// Confirm in Send Options: schedules the wish, then back where the sender started.
    func schedule(_ request: Request) async throws -> Response {
        var (form, upload) = try await readForm(request)
        if let problem = try await attachPhoto(upload, to: &form, request) {
            return try await formPage(request, form: form, editingID: nil, errors: ["photo": problem], status: .unprocessableEntity)
        }
        let draft: WishDraft
        let wishes = try request.wishes()
        let yearly: YearlyReminder?
        do {
            var known = FieldErrors()
            switch form.yearly() {
            case .success(let reminder): yearly = reminder
            case .failure(let failures):
                yearly = nil
                known.merge(failures, prefix: nil)
            }
            draft = try await wishes.check(form.input(), timeZone: form.zone, errors: known)
        } catch let error as AppError where Self.answeredOnThePage(error) {
            return try await answerProblems(error, request: request, form: form, editingID: nil)
        }
        do {
            try await wishes.schedule(draft, yearly: yearly)
        } catch let error as AppError where Self.answeredOnThePage(error) {
            // A limit another request of the sender's filled meanwhile.
            return try await answerProblems(error, request: request, form: form, editingID: nil)
        }
        let target = form.from == "scheduled" ? SiteURL.wishes(.box(.scheduled)) : SiteURL.module(.wishes)
        return request.redirect(to: target.with([("done", "scheduled")]))
    }

    /// Confirm when editing: saves the change, then the wish's page.
    func update(_ request: Request) async throws -> Response {
        let wishes = try request.wishes()
        let listing = try await wishes.wish(request.requestedWishID)
        let id = listing.id.uuidString
        var (form, upload) = try await readForm(request)
        if let problem = try await attachPhoto(upload, to: &form, request) {
            return try await formPage(request, form: form, editingID: id, errors: ["photo": problem], status: .unprocessableEntity)
        }
        let draft: WishDraft
        do { draft = try await wishes.check(form.input(), timeZone: form.zone, replacing: listing.id) } catch let error
            as AppError
            where Self.answeredOnThePage(error)
        {
            return try await answerProblems(error, request: request, form: form, editingID: id)
        }
        let page = SiteURL.wishes(.wish(id: id))
        do {
            let checking = wishes.sendingLimitCheck(for: draft, replacing: listing.id)
            guard try await wishes.boxes.update(listing.id, to: draft, now: wishes.now, checking: checking) != nil else {
                return request.redirect(to: page.with([("done", "busy")]))
            }
        } catch is WishChangeRefusal {
            return request.redirect(to: page.with([("done", "busy")]))
        } catch let error as AppError where error.status == .unprocessableEntity {
            return try await answerProblems(error, request: request, form: form, editingID: id)
        }
        return request.redirect(to: page.with([("done", "saved")]))
    }

    // MARK: - Steps

    /// The form and its file, read in one turn (a photo makes it large).
    private func readForm(_ request: Request) async throws -> (WishComposeForm, Posted) {
        try await request.parsing(bytes: request.body.data?.readableBytes ?? 0) {
            (try request.content.decode(WishComposeForm.self), try request.content.decode(Posted.self))
        }
    }

    /// A photo sent as a file becomes the wish's photo: from the form on its way to the preview,
    /// or on Confirm when the wish was composed offline and comes from the phone's outbox, never
    /// previewed. What is wrong with the file, in words, else nil.
    private func attachPhoto(_ upload: Posted, to form: inout WishComposeForm, _ request: Request) async throws -> String? {
        guard let file = upload.photoFile, file.data.readableBytes > 0 else { return nil }
        do {
            form.photo = WishPhoto.uploaded(try await importPhoto(file.data, request)).description
            return nil
        } catch let error as AppError {
            return request.localizer.t(error.messageKey)
        }
    }

    /// A refusal the form answers, keeping what was written: a problem with it (422), or too many
    /// addresses looked up (429).
    private static func answeredOnThePage(_ error: AppError) -> Bool {
        error.status == .unprocessableEntity || error.status == .tooManyRequests
    }

    /// A refused Confirm: Send Options again when only how it goes out was wrong, else the form;
    /// too many addresses looked up, the form with the reason at To.
    private func answerProblems(_ error: AppError, request: Request, form: WishComposeForm, editingID: String?) async throws -> Response {
        let l = request.localizer
        if error.status == .tooManyRequests {
            let reason = l.t(error.messageKey, arguments: error.messageArguments)
            return try await formPage(request, form: form, editingID: editingID, errors: ["recipients": reason], status: .tooManyRequests)
        }
        let messages = error.fields.messages
        if Set(messages.keys).isSubset(of: WishPreviewPage.sendOptionFields) {
            let draft: WishDraft?
            do {
                draft = try await request.wishes().checkContent(form.input(), timeZone: form.zone)
            } catch let refusal as AppError where refusal.status == .tooManyRequests {
                return try await answerProblems(refusal, request: request, form: form, editingID: editingID)
            } catch {
                draft = nil
            }
            if let draft {
                let model = try await previewModel(request, form: form, draft: draft, editingID: editingID, problems: error)
                return .html(WishPreviewPage.render(model, context: PageContext(request: request)), status: .unprocessableEntity)
            }
        }
        return try await formPage(
            request, form: form, editingID: editingID, errors: messages.mapValues { l.t($0) }, status: .unprocessableEntity)
    }

    /// The preview of `draft` (its reaches settled), with Send Options saying `problems` (and opened) when there are any.
    private func previewModel(
        _ request: Request, form: WishComposeForm, draft: WishDraft, editingID: String?, problems: AppError?
    ) async throws -> WishPreviewPage.Model {
        let l = request.localizer
        let wishes = try request.wishes()
        let configuration = request.application.kineticConfiguration
        let accounts = try await wishes.confirmedAddresses(among: draft.recipients)
        let names = try await WishContacts.knownNames(of: draft.recipients, to: wishes.userID, on: request.db)
        let message: (String) -> String? = { field in
            problems?.fields.messages[field].map { l.t($0, arguments: problems?.fieldArguments[field] ?? []) }
        }
        let sendTime = draft.sendTime
        let clockNote: String? =
            switch sendTime.adjustment {
            case .exact: nil
            case .movedForward: l.t("wishes.preview.movedForward")
            case .earlierOfTwo: l.t("wishes.preview.earlierOfTwo")
            }
        let hourLimit = configuration.wishDelivery.limits.allowance(
            createdAt: wishes.user.createdAt?.timeIntervalSince1970, at: sendTime.instant.timeIntervalSince1970
        ).hour
        // Said only of a wish that may go: one refused says why in Send Options.
        var hourFull: String?
        if message("reach") == nil, try await wishes.hourIsFull(for: draft, replacing: editingID.flatMap(UUID.init(uuidString:))) {
            hourFull = l.t("wishes.preview.hourFull", l.number(hourLimit))
        }
        let note = [clockNote, hourFull].compactMap { $0 }.joined(separator: " ")
        var yearly: WishPreviewPage.Yearly?
        if let reminder = (try? form.yearly().get()) ?? nil { yearly = try await yearlyPreview(reminder, of: draft, wishes: wishes, l: l) }
        return WishPreviewPage.Model(
            form: form, editingID: editingID, occasion: draft.occasion, subject: draft.subject, message: draft.message,
            photoURL: draft.photo.map { WishDTO.url(of: $0, api: false) },
            when: l.dateTime(sendTime.instant, in: sendTime.timeZone) + " (" + l.timeZoneName(sendTime.timeZone.identifier) + ")",
            whenNote: note.isEmpty ? nil : note,
            recipients: draft.addressees.map { recipient in
                WishPreviewPage.Recipient(
                    address: recipient.address, name: names[recipient.address], reach: recipient.reach,
                    hasKineticAccount: accounts.contains(recipient.address))
            },
            canEmail: wishes.canEmail,
            connections: WishPreviewPage.ConnectionsChoice(
                offered: configuration.offersWishChannel(.connections), mayUse: wishes.user.mayUse(.connections),
                chosen: draft.postsToConnections),
            reachError: message("reach"), connectionsError: message("connections"),
            yearly: yearly
        )
    }

    /// A yearly wish's next five send times on its clock, each also on the other clock that
    /// matters (the sender's, or the birthday's contact's), and its reminder.
    private func yearlyPreview(
        _ reminder: YearlyReminder, of draft: WishDraft, wishes: WishesService, l: Localizer
    ) async throws -> WishPreviewPage.Yearly {
        let sendTime = draft.sendTime
        var recurrence = YearlyRecurrence(startingAt: sendTime)
        var title = l.t("wishes.yearly.nextFive")
        var theirZone: TimeZone?
        if let anchor = draft.birthdayAnchor, let contact = try? await wishes.contacts.record(anchor.contactID).contact {
            recurrence = anchor.recurrence(time: sendTime.time, timeZone: sendTime.timeZone)
            title = l.t("wishes.yearly.nextFiveBirthday", contact.displayName)
            theirZone = contact.timeZone.flatMap(TimeZone.init(identifier:))
        }
        let other = [sendTime.timeZone == wishes.timeZone ? theirZone : wishes.timeZone].compactMap { $0 }
            .first { $0.identifier != sendTime.timeZone.identifier }
        let next = recurrence.occurrences(after: max(wishes.now, sendTime.instant.addingTimeInterval(-1)), count: 5).map {
            WishPreviewPage.Yearly.Occurrence(
                onItsClock: l.dateTime($0.instant, in: $0.timeZone) + " (" + l.timeZoneName($0.timeZone.identifier) + ")",
                elsewhere: other.map { [instant = $0.instant] zone in
                    l.t("wishes.yearly.elsewhere", l.dateTime(instant, in: zone), l.timeZoneName(zone.identifier))
                })
        }
        return WishPreviewPage.Yearly(
            title: title, next: next, reminder: reminder.daysBefore.map { l.plural("wishes.yearly.remindBefore", count: $0) })
    }

    private func formPage(
        _ request: Request, form: WishComposeForm, editingID: String?, errors: [String: String], status: HTTPStatus = .ok
    ) async throws -> Response {
        let cancel =
            editingID.map { SiteURL.wishes(.wish(id: $0)).path }
            ?? (form.from == "scheduled" ? SiteURL.wishes(.box(.scheduled)).path : SiteURL.module(.wishes).path)
        let wishes = try request.wishes()
        let book = try await wishes.contacts.list().map(\.contact)
        let contacts = book.map { WishComposePage.ContactChoice($0, now: wishes.now, senderZone: wishes.timeZone) }
        let greeted = WishStock.greetedName(
            recipients: form.addresses, contacts: Dictionary(book.map { ($0.email, $0) }, uniquingKeysWith: { first, _ in first }))
        let when = WishComposePage.When(
            senderZone: wishes.timeZone.identifier, tomorrow: QuickSendTime.tomorrow(after: wishes.now, in: wishes.timeZone).description)
        let model = WishComposePage.Model(
            form: form, errors: errors, editingID: editingID, timeZone: (form.zone ?? wishes.timeZone).identifier, cancelHref: cancel,
            contacts: contacts, greetedName: greeted, when: when, uploads: try await wishes.recentPhotos()
        )
        return .html(WishComposePage.render(model, context: PageContext(request: request)), status: status)
    }

    /// The wish being edited, when the form says one and it is the user's scheduled wish.
    private func editingID(_ text: String?, _ request: Request) async throws -> String? {
        guard let text, !text.isEmpty else { return nil }
        guard let id = UUID(uuidString: text), let listing = try await request.wishes().boxes.listing(id), listing.box == .scheduled else {
            throw AppError.notFound
        }
        return listing.id.uuidString
    }

    /// Keeps `bytes` (the form's file) as the user's photo, within the size limit and their
    /// storage quota; its id.
    private func importPhoto(_ bytes: ByteBuffer, _ request: Request) async throws -> UUID {
        let wishes = try request.wishes()
        guard WishPhotoImporter.isAvailable else { throw WishPhotoImporter.toolsMissing }
        guard bytes.readableBytes <= WishPhotoCheck.maximumBytes else {
            throw AppError.uploadTooLarge(maximumBytes: WishPhotoCheck.maximumBytes, localizer: request.localizer)
        }
        try await request.account().storageUsage(of: request.requireUser()).check(
            incoming: bytes.readableBytes, localizer: request.localizer)
        let file = try request.keepFormFile(bytes)
        return try await wishes.importPhoto(file).id
    }
}
