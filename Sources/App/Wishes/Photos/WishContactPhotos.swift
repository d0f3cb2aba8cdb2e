import Fluent
import Foundation
import KineticCore

/// Keeps the photos an imported address book gave its people, as those contacts' photos: each
/// checked and written again like an upload (``WishPhotoImporter``), at most
/// ``ContactPhoto/storedLongestSide`` pixels on its longer side, marked as a contact's
/// (``WishPhotoRecord/contactPurpose``) so that the wish photo picker does not offer it.
///
/// An import's preview keeps them, so that Import carries only their ids: a preview that is
/// never imported leaves photos no contact has, which ``removeUnused()`` takes away at the next
/// import (an hour on, so that an import under way in another tab keeps its own).
struct WishContactPhotos {
    let database: any Database
    let ownerID: UUID
    let files: WishPhotoFiles
    let tools: ToolRunner
    /// Where a photo's bytes are written while it is read.
    let uploadDirectory: String
    let now: Date
    /// Fetches a linked photo (Google's); nil leaves linked photos out.
    var links: ContactPhotoLinks?

    /// How long a photo kept for a preview waits for its import.
    static let previewLifetime: TimeInterval = 3600
    /// How many links to one host in a row may give no photo (no answer, an error) before the
    /// rest of its links are not tried: a host that is down costs its timeout a few times, not
    /// once per contact.
    static let failedLinksPerHost = 3

    /// The photos kept, by the address of the person whose they are, and what was left out.
    struct Kept: Sendable {
        var photos: [String: UUID] = [:]
        var problems: [ContactImport.Problem] = []
    }

    /// Keeps the photos of `entries` (the first ``ContactPhoto/maximumPerImport``, while they
    /// fit the owner's storage, `usage`); a photo that cannot be read or fetched is left out
    /// with its reason, its contact kept.
    func keep(_ entries: [ContactImport.Entry], within usage: StorageUsage) async throws -> Kept {
        var kept = Kept()
        let withPhotos = entries.filter { $0.photo != nil }
        if withPhotos.count > ContactPhoto.maximumPerImport {
            kept.problems.append(
                .init(
                    line: nil, messageKey: "wishes.contacts.import.photosTooMany",
                    arguments: [String(ContactPhoto.maximumPerImport), String(withPhotos.count)]))
        }
        var importer = WishPhotoImporter(database: database, ownerID: ownerID, files: files, tools: tools)
        importer.longestSide = ContactPhoto.storedLongestSide
        importer.purpose = WishPhotoRecord.contactPurpose
        importer.refusesDamage = true
        try FileManager.default.createDirectory(atPath: uploadDirectory, withIntermediateDirectories: true)
        var used = usage.usedBytes
        var failedLinks: [String: Int] = [:]
        for entry in withPhotos.prefix(ContactPhoto.maximumPerImport) {
            try Task.checkCancellation()
            let bytes: [UInt8]
            switch entry.photo {
            case .embedded(let embedded): bytes = embedded
            case .link(let link):
                guard let links else {
                    kept.problems.append(.init(line: entry.line, messageKey: "wishes.contacts.import.photoLinkOff"))
                    continue
                }
                let host = URL(string: link)?.host?.lowercased() ?? ""
                let result: Result<[UInt8], ContactPhotoLinks.Failure> =
                    failedLinks[host, default: 0] >= Self.failedLinksPerHost ? .failure(.unreachable) : await links.fetch(link)
                switch result {
                case .success(let fetched):
                    bytes = fetched
                    failedLinks[host] = 0
                case .failure(let failure):
                    if failure == .unreachable { failedLinks[host, default: 0] += 1 }
                    kept.problems.append(.init(line: entry.line, messageKey: failure.messageKey, arguments: [entry.contact.displayName]))
                    continue
                }
            case nil: continue
            }
            guard StorageQuota.fits(incoming: bytes.count, used: used, quota: usage.quotaBytes) else {
                kept.problems.append(.init(line: nil, messageKey: "wishes.contacts.import.photosOverQuota"))
                break
            }
            let file = URL(fileURLWithPath: uploadDirectory).appendingPathComponent("upload-\(UUID().uuidString)")
            try Data(bytes).write(to: file)
            do {
                let stored = try await importer.importPhoto(file, at: now)
                kept.photos[entry.contact.email] = stored.id
                used += stored.byteCount
            } catch let refusal as AppError where refusal.status.code < 500 {
                let key =
                    refusal.messageKey == WishPhotoCheck.Problem.tooSmall.messageKey
                    ? "wishes.contacts.import.photoTooSmall" : "wishes.contacts.import.photoNotKept"
                kept.problems.append(.init(line: entry.line, messageKey: key, arguments: [entry.contact.displayName]))
            }
        }
        return kept
    }

    /// The ids among `ids` that are the owner's contact photos.
    func owned(_ ids: [UUID]) async throws -> Set<UUID> {
        guard !ids.isEmpty else { return [] }
        return Set(
            try await WishPhotoRecord.query(on: database).filter(\.$owner.$id == ownerID)
                .filter(\.$purpose == WishPhotoRecord.contactPurpose).filter(\.$id ~~ ids).all(\.$id))
    }

    /// Takes away the owner's contact photos that no contact has, kept longer ago than
    /// ``previewLifetime``.
    func removeUnused() async throws {
        let candidates = try await WishPhotoRecord.query(on: database).filter(\.$owner.$id == ownerID)
            .filter(\.$purpose == WishPhotoRecord.contactPurpose).filter(\.$createdAt < now.addingTimeInterval(-Self.previewLifetime))
            .all()
        guard !candidates.isEmpty else { return }
        let used = Set(
            try await WishContactRecord.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$photoID != .none).all(\.$photoID)
                .compactMap { $0 })
        for photo in candidates where !used.contains(photo.id ?? UUID()) { try await remove(photo) }
    }

    /// Takes away the contact photo `id` of the owner, row and file.
    func remove(_ id: UUID) async throws {
        guard
            let photo = try await WishPhotoRecord.query(on: database).filter(\.$id == id).filter(\.$owner.$id == ownerID)
                .filter(\.$purpose == WishPhotoRecord.contactPurpose).first()
        else { return }
        try await remove(photo)
    }

    private func remove(_ photo: WishPhotoRecord) async throws {
        try await photo.delete(on: database)
        try? await files.store.remove(try files.key(of: photo.storedName))
    }
}
