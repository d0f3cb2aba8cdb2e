import AddressBook
import Foundation
import KineticCore
import Vapor

/// The address book over the API: the contacts (searched), one added, changed or deleted, and a
/// vCard or CSV file read, shown (`?dryRun=true`) or stored.
struct WishContactsAPIController {
    /// `GET /api/v1/wishes/contacts?q=`: the user's contacts, by name.
    func list(_ request: Request) async throws -> WishContactListDTO {
        let search = (try? request.query.get(String.self, at: "q")) ?? ""
        return WishContactListDTO(items: try await request.wishes().contacts.list(matching: search).map(WishContactDTO.init))
    }

    /// `POST /api/v1/wishes/contacts`: adds one; 201 with it, 409 when the address is already a contact.
    func create(_ request: Request) async throws -> Response {
        let record = try await request.wishes().contacts.add(try contact(in: request))
        return try await WishContactDTO(record).created(at: .api(.wishes(.contact(id: record.id?.uuidString))), for: request)
    }

    /// `GET /api/v1/wishes/contacts/{contactId}`.
    func show(_ request: Request) async throws -> WishContactDTO {
        WishContactDTO(try await request.wishes().contacts.record(request.requestedContactID))
    }

    /// `PUT /api/v1/wishes/contacts/{contactId}`: replaces every field.
    func replace(_ request: Request) async throws -> WishContactDTO {
        let contacts = try request.wishes().contacts
        let id = try await contacts.record(request.requestedContactID).id
        return WishContactDTO(try await contacts.update(id, to: try contact(in: request)))
    }

    /// `DELETE /api/v1/wishes/contacts/{contactId}`: 204.
    func delete(_ request: Request) async throws -> HTTPStatus {
        try await request.wishes().deleteContact(request.requestedContactID)
        return .noContent
    }

    /// `POST /api/v1/wishes/contacts/import[?dryRun=true]` with a vCard or CSV file as the body:
    /// what it holds (each contact with its line, each problem with its line, which addresses
    /// are contacts already), and unless it is a dry run, those new stored, all or none.
    func importFile(_ request: Request) async throws -> WishContactImportDTO {
        let dryRun = try Self.dryRun(request)
        guard let body = request.body.data, body.readableBytes > 0 else {
            throw AppError.validation(FieldErrors(["body": "wishes.contacts.error.file.empty"]))
        }
        let wishes = try request.wishes()
        let read = try await wishes.readContactFile(body)
        let contacts = wishes.contacts
        let (new, known) = try await contacts.sorted(read.entries)
        guard !dryRun else {
            return WishContactImportDTO(read, new: new, known: known, added: 0, dryRun: true, localizer: request.localizer)
        }
        let kept = try await wishes.keepContactPhotos(of: new)
        let added = try await contacts.importing(read.entries, photos: kept.photos)
        return WishContactImportDTO(
            read, problems: read.problems + kept.problems, new: new, known: known, added: added, dryRun: false, localizer: request.localizer
        )
    }

    /// `?dryRun=`: absent is false; anything but `true` or `false` (once) is refused, not read
    /// as false, since that would store what the caller only meant to look at.
    private static func dryRun(_ request: Request) throws -> Bool {
        let named = (request.url.query ?? "").split(separator: "&").filter { $0.split(separator: "=").first == "dryRun" }
        switch (named.count, request.query[String.self, at: "dryRun"]) {
        case (0, _): return false
        case (1, "true"): return true
        case (1, "false"): return false
        default: throw AppError.validation(FieldErrors(["dryRun": "error.field.booleanExpected"]))
        }
    }

    /// The JSON body of a contact, checked; 422 naming every problem.
    private func contact(in request: Request) async throws -> Contact {
        let body = try await request.jsonBody()
        var reader = try JSONMemberReader.object(body, known: ["name", "email", "birthday", "timeZone", "reach", "otherEmails"])
            .mapError(AppError.validation).get()
        var input = ContactInput(
            name: reader.nullableString("name") ?? nil, email: reader.string("email"), birthday: reader.nullableString("birthday") ?? nil,
            timeZone: reader.nullableString("timeZone") ?? nil, reach: reader.nullableString("reach") ?? nil)
        if body.objectValue?["otherEmails"] != nil {
            input.otherEmails = reader.strings("otherEmails", missingKey: "error.field.arrayExpected")
        } else if let id = request.requestedContactID {
            // Left out of a change: the other addresses stay as they are.
            input.otherEmails = try await request.wishes().contacts.record(id).contact.otherEmails
        }
        var errors = reader.errors
        if case .failure(let failures) = Contact.checked(input) { errors.merge(failures, prefix: nil) }
        guard errors.isEmpty else { throw AppError.validation(errors) }
        return try Contact.checked(input).get()
    }
}

extension Request {
    /// The contact named by the `contactId` parameter; nil when it is not an id.
    var requestedContactID: UUID? { parameters.get("contactId").flatMap(UUID.init(uuidString:)) }
}
