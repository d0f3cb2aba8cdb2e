import Fluent
import Foundation
import KineticCore
import KineticMail

/// The picture an e-mail carries inline. A stock card is drawn from its SVG into a PNG with
/// `rsvg-convert` the first time it is needed and kept in the media store
/// (`wishes/cards/<id>.png`); mail clients show SVG unreliably. An uploaded photo is sent as it
/// was stored (already re-encoded, without metadata).
struct WishImages: Sendable {
    static let rsvgConvert = "/usr/bin/rsvg-convert"
    /// The width cards are drawn at: sharp on a phone, small enough for a mailbox.
    static let cardWidth = 1200

    /// Where the SVG cards are (`Public/images/wishes/cards`).
    let cardsDirectory: URL
    let media: any MediaStore
    /// Where a card is drawn before it is kept (the upload directory).
    let scratchDirectory: URL
    /// Where cards are drawn (``ToolQueue``, as the server's own `wish-cards` work).
    let threads: ToolRunner

    /// The inline image for `photo`, or nil when the wish has none or it cannot be had (a card
    /// that cannot be drawn, an upload whose file is gone): the greeting still goes, without it.
    func inlineImage(for photo: WishPhoto?, on database: any Database) async throws -> MailMessage.InlineImage? {
        switch photo {
        case nil: return nil
        case .stock(let id):
            guard let data = try? await cardPNG(id) else { return nil }
            return MailMessage.InlineImage(contentID: "card-\(id)@kinetic", mediaType: "image/png", fileName: "\(id).png", data: data)
        case .uploaded(let id):
            guard let stored = try await WishPhotoFiles(store: media).stored(id, on: database),
                let data = try await media.data(stored.key, maximumBytes: WishPhotoCheck.maximumBytes)
            else { return nil }
            return MailMessage.InlineImage(
                contentID: "photo-\(id.uuidString.lowercased())@kinetic", mediaType: stored.mediaType, fileName: stored.name, data: data)
        }
    }

    /// The card's PNG, drawn now unless it was before. Two instances drawing at once each draw
    /// their own and keep it whole (a store replaces an object in one step), so neither reads
    /// a half-written one.
    func cardPNG(_ id: String) async throws -> Data {
        guard WishStock.occasion(ofPhoto: id) != nil else { throw ToolProcess.Failed(description: "No card \(id)") }
        let key = try MediaKey("wishes/cards/\(id).png")
        if let data = try await media.data(key, maximumBytes: Self.maximumCardBytes) { return data }
        let svg = cardsDirectory.appendingPathComponent("\(id).svg")
        let drawing = scratchDirectory.appendingPathComponent("card-\(id)-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: drawing) }
        let data = try await threads.run { [scratchDirectory] in
            try FileManager.default.createDirectory(at: scratchDirectory, withIntermediateDirectories: true)
            _ = try await ToolProcess.run(
                Self.rsvgConvert, ["-w", "\(Self.cardWidth)", "-f", "png", "-o", drawing.path, svg.path], timeout: 30)
            guard let data = FileManager.default.contents(atPath: drawing.path), !data.isEmpty else {
                throw ToolProcess.Failed(description: "rsvg-convert wrote nothing")
            }
            return data
        }
        try await media.keep(drawing, as: key, contentType: "image/png")
        return data
    }

    /// The largest card read back from the store (one drawn at ``cardWidth`` is about 200 KB).
    static let maximumCardBytes = 8 << 20
}
