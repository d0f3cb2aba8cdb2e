import Fluent
import Foundation
import KineticCore
import Vapor

/// Keeps a photo a sender uploaded for their wishes: recognised by its bytes, its size checked
/// from its header before it is decoded, then decoded and written again by ffmpeg — upright,
/// at most 2048 pixels on its longer side, without any metadata (EXIF, GPS, comments, colour
/// profiles) — under a generated name. A refused or failed upload leaves neither file nor row.
struct WishPhotoImporter {
    static let ffmpeg = "/usr/bin/ffmpeg"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: ffmpeg) }
    static let toolsMissing = AppError(
        status: .serviceUnavailable, code: "image_tools_missing", messageKey: "wishes.error.photo.toolsMissing")

    /// Seconds of decoding a photo may take: a 48-megapixel phone photo takes about one here,
    /// under load a few; past this it is too costly to read, and its sender cools down.
    static let decodeBudgetSeconds: TimeInterval = 10

    let database: any Database
    let ownerID: UUID
    let files: WishPhotoFiles
    /// Where the decoding runs, in the uploader's turn (``ToolQueue``).
    let tools: ToolRunner
    /// The longer side the photo is kept at, at most.
    var longestSide = WishPhotoCheck.storedLongestSide
    /// What the photo is for (``WishPhotoRecord/purpose``).
    var purpose: String?
    /// Refuses a picture with any damage (a file cut short decodes, grey or green below the
    /// cut, otherwise): for photos read from an address book, where one left out is no loss.
    var refusesDamage = false

    /// The stored photo's row.
    struct Stored: Sendable, Equatable {
        let id: UUID
        let mediaType: String
        let width: Int
        let height: Int
        let byteCount: Int
    }

    /// Imports the upload at `file`, consuming it.
    func importPhoto(_ file: URL, at now: Date) async throws -> Stored {
        defer { try? FileManager.default.removeItem(at: file) }
        guard Self.isAvailable else { throw Self.toolsMissing }
        let id = UUID()
        let files = self.files, longestSide = self.longestSide, refusesDamage = self.refusesDamage
        let (header, stored) = try await tools.run { () async throws -> (WishPhotoCheck.Header, URL) in
            let handle = try FileHandle(forReadingFrom: file)
            let bytes = [UInt8](try handle.read(upToCount: WishPhotoCheck.headerLength) ?? Data())
            try? handle.close()
            let header = try WishPhotoCheck.check(header: bytes).mapError(Self.refusal).get()
            if header.format == .jpeg, let scans = WishPhotoCheck.scanCount(ofJPEG: [UInt8](try Data(contentsOf: file))),
                scans > WishPhotoCheck.maximumScans
            {
                throw Self.refusal(.tooManyScans(scans))
            }
            let format = header.format.storedFormat
            // Written beside the upload, then kept in the store under the same name.
            let stored = file.deletingLastPathComponent().appendingPathComponent("\(id.uuidString.lowercased()).\(format.fileExtension)")
            do {
                _ = try await ToolProcess.run(
                    Self.ffmpeg,
                    Self.arguments(header, input: file, output: stored, longestSide: longestSide, refusingDamage: refusesDamage),
                    timeout: Self.decodeBudgetSeconds)
            } catch let failure as ToolProcess.Failed where failure.interruption != nil {
                try? FileManager.default.removeItem(at: stored)
                if failure.timedOut { throw AppError.fileTooCostly(failure) }
                throw AppError.toolInterrupted(failure)
            } catch {
                try? FileManager.default.removeItem(at: stored)
                throw Self.refusal(.notAnImage)
            }
            return (header, stored)
        }
        defer { try? FileManager.default.removeItem(at: stored) }
        let size = WishPhotoCheck.storedSize(of: header, fitting: longestSide)
        let byteCount = (try? FileManager.default.attributesOfItem(atPath: stored.path)[.size] as? Int) ?? 0
        let row = Stored(
            id: id, mediaType: header.format.storedFormat.mediaType, width: size.width, height: size.height, byteCount: byteCount)
        let key = try files.key(of: stored.lastPathComponent)
        try await files.store.keep(stored, as: key, contentType: row.mediaType)
        do {
            try await WishPhotoRecord(
                id: id, ownerID: ownerID, storedName: stored.lastPathComponent, mediaType: row.mediaType, width: row.width,
                height: row.height, byteCount: row.byteCount, createdAt: now, purpose: purpose
            ).create(on: database)
        } catch {
            try? await files.store.remove(key)
            throw error
        }
        return row
    }

    /// One frame, turned upright by the EXIF orientation (ffmpeg's own turning is off, so it
    /// is never turned twice) and scaled, written without metadata.
    static func arguments(
        _ header: WishPhotoCheck.Header, input: URL, output: URL, longestSide: Int = WishPhotoCheck.storedLongestSide,
        refusingDamage: Bool = false
    ) -> [String] {
        let size = WishPhotoCheck.storedSize(of: header, fitting: longestSide)
        let filters = WishPhotoCheck.uprightFilters(header.orientation) + ["scale=\(size.width):\(size.height):flags=lanczos"]
        let encoder = header.format.storedFormat == .png ? ["-c:v", "png"] : ["-c:v", "mjpeg", "-q:v", "3", "-pix_fmt", "yuvj420p"]
        return ["-nostdin", "-v", "error"] + (refusingDamage ? ["-xerror", "-err_detect", "explode"] : []) + [
            "-noautorotate", "-i", input.path, "-map_metadata", "-1", "-frames:v", "1", "-vf",
            filters.joined(separator: ","),
        ]
            + encoder + ["-f", "image2", "-y", output.path]
    }

    static func refusal(_ problem: WishPhotoCheck.Problem) -> AppError {
        AppError(
            status: .unprocessableEntity, code: "invalid_photo", messageKey: problem.messageKey, messageArguments: problem.messageArguments)
    }
}
