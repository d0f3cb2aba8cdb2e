import AddressBook
import Foundation
import KineticCore
import Vapor

/// The address book's pages: the list (searched), a contact added, changed or deleted, and a
/// file imported after its preview. Each is an ordinary form that works without the script.
struct WishContactsController {
    func index(_ request: Request) async throws -> Response {
        let l = request.localizer
        let search = ((try? request.query.get(String.self, at: "q")) ?? "").trimmingCharacters(in: .whitespaces)
        let records = try await request.wishes().contacts.list(matching: search)
        let notice: String? =
            switch (try? request.query.get(String.self, at: "done")) ?? "" {
            case "added": l.t("wishes.contacts.done.added")
            case "saved": l.t("wishes.contacts.done.saved")
            case "deleted": l.t("wishes.contacts.done.deleted")
            case "imported": l.plural("wishes.contacts.done.imported", count: (try? request.query.get(Int.self, at: "count")) ?? 0)
            default: nil
            }
        let model = WishContactsPage.Model(
            rows: records.map { ($0.contact, $0.id?.uuidString ?? "", $0.photoID) }, search: String(search.prefix(100)), notice: notice)
        return .html(WishContactsPage.render(model, context: PageContext(request: request)))
    }

    func new(_ request: Request) async throws -> Response {
        formPage(
            request, form: WishContactForm(email: (try? request.query.get(String.self, at: "email")) ?? ""), contactID: nil, errors: [:])
    }

    func create(_ request: Request) async throws -> Response {
        let form = try request.content.decode(WishContactForm.self)
        return try await saving(form, request: request, contactID: nil) { contacts, contact in
            _ = try await contacts.add(contact)
            return "added"
        }
    }

    func show(_ request: Request) async throws -> Response {
        let record = try await request.wishes().contacts.record(request.requestedContactID)
        return formPage(
            request, form: WishContactForm(record.contact), contactID: record.id?.uuidString, photo: record.photoID, errors: [:])
    }

    func update(_ request: Request) async throws -> Response {
        let record = try await request.wishes().contacts.record(request.requestedContactID)
        let form = try request.content.decode(WishContactForm.self)
        return try await saving(form, request: request, contactID: record.id?.uuidString, photo: record.photoID) { contacts, contact in
            _ = try await contacts.update(record.id, to: contact)
            if form.removePhoto != nil { try await request.wishes().removePhoto(ofContact: record.id) }
            return "saved"
        }
    }

    func delete(_ request: Request) async throws -> Response {
        try await request.wishes().deleteContact(request.requestedContactID)
        return request.redirect(to: SiteURL.wishes(.contacts).with([("done", "deleted")]))
    }

    func importForm(_ request: Request) async throws -> Response {
        .html(WishContactImportPage.render(.init(preview: nil, error: nil), context: PageContext(request: request)))
    }

    private struct Upload: Content {
        var file: File?
    }

    /// The file read and shown; nothing stored.
    func importPreview(_ request: Request) async throws -> Response {
        let l = request.localizer
        guard let file = try await request.decodedContent(Upload.self).file, file.data.readableBytes > 0 else {
            return importError(request, l.t("wishes.contacts.error.file.empty"))
        }
        guard file.data.readableBytes <= ContactFile.maximumBytes else {
            return importError(request, l.t("wishes.contacts.error.file.large", l.byteCount(ContactFile.maximumBytes)))
        }
        let wishes = try request.wishes()
        let read = try await wishes.readContactFile(file.data)
        let (new, known) = try await wishes.contacts.sorted(read.entries)
        let kept = try await wishes.keepContactPhotos(of: new)
        let preview = WishContactImportPage.Preview(
            entries: read.entries, known: Set(known.map(\.contact.email)), problems: read.problems + kept.problems,
            photos: kept.photos, carried: WishContactImportLines.text(of: read.entries, photos: kept.photos))
        return .html(WishContactImportPage.render(.init(preview: preview, error: nil), context: PageContext(request: request)))
    }

    private struct Confirmed: Content {
        var entries: String?
    }

    /// Import on the preview: the new contacts stored, all or none.
    func importConfirm(_ request: Request) async throws -> Response {
        let (entries, photos) = WishContactImportLines.entries(in: try request.content.decode(Confirmed.self).entries ?? "")
        do {
            let added = try await request.wishes().contacts.importing(entries, photos: photos)
            return request.redirect(to: SiteURL.wishes(.contacts).with([("done", "imported"), ("count", String(added))]))
        } catch let error as AppError where error.status == .unprocessableEntity {
            return importError(request, request.localizer.t(error.fields.messages.values.first ?? error.messageKey))
        }
    }

    // MARK: - Steps

    private func saving(
        _ form: WishContactForm, request: Request, contactID: String?, photo: UUID? = nil,
        _ store: (WishContacts, Contact) async throws -> String
    ) async throws -> Response {
        let l = request.localizer
        let contact: Contact
        switch Contact.checked(form.input()) {
        case .success(let checked): contact = checked
        case .failure(let errors):
            return formPage(
                request, form: form, contactID: contactID, photo: photo, errors: errors.messages.mapValues { l.t($0) },
                status: .unprocessableEntity)
        }
        do {
            let done = try await store(try request.wishes().contacts, contact)
            return request.redirect(to: SiteURL.wishes(.contacts).with([("done", done)]))
        } catch let error as AppError where error.status == .conflict || error.status == .unprocessableEntity {
            let message = l.t(error.fields.messages.values.first ?? error.messageKey)
            return formPage(request, form: form, contactID: contactID, photo: photo, errors: ["email": message], status: error.status)
        }
    }

    private func formPage(
        _ request: Request, form: WishContactForm, contactID: String?, photo: UUID? = nil, errors: [String: String],
        status: HTTPStatus = .ok
    ) -> Response {
        .html(
            WishContactFormPage.render(
                .init(form: form, errors: errors, contactID: contactID, photo: photo), context: PageContext(request: request)),
            status: status)
    }

    private func importError(_ request: Request, _ message: String) -> Response {
        .html(
            WishContactImportPage.render(.init(preview: nil, error: message), context: PageContext(request: request)),
            status: .unprocessableEntity)
    }
}
