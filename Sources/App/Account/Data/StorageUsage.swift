import Fluent
import Foundation
import KineticCore
import Vapor

/// What a user keeps (songs, wish photos: each module's files) against their quota (``StorageQuota``).
struct StorageUsage: Sendable {
    let usedBytes: Int
    let quotaBytes: Int

    /// The user's usage and quota now.
    static func of(_ user: User, on database: any Database, defaultQuota: Int) async throws -> StorageUsage {
        let used = try await KineticModules.storedBytes(of: try user.requireID(), on: database)
        return StorageUsage(usedBytes: used, quotaBytes: user.storageQuotaBytes.map { Int(clamping: $0) } ?? defaultQuota)
    }

    /// 507 naming usage and quota unless `incoming` more bytes fit.
    func check(incoming: Int, localizer: Localizer) throws {
        guard StorageQuota.fits(incoming: incoming, used: usedBytes, quota: quotaBytes) else {
            throw AppError.quotaExceeded(used: usedBytes, quota: quotaBytes, localizer: localizer)
        }
    }
}

extension Request {
    /// Receives the body as a file the user will keep (a song, a photo), counted against their
    /// storage quota: refused with 503 when `tools` has no room for the work it needs, with 507
    /// before reading when its `Content-Length` would not fit the quota and after reading when
    /// it does not, with 413 beyond `maximumBytes`. Nothing is left behind when it is refused.
    func receiveUploadToKeep(maximumBytes: Int, tools: ToolRunner) async throws -> URL {
        try await tools.checkRoom()
        let usage = try await account().storageUsage(of: requireUser())
        if let declared = headers.first(name: .contentLength).flatMap({ Int($0) }) {
            try usage.check(incoming: declared, localizer: localizer)
        }
        let file = try await receiveUpload(into: application.kineticConfiguration.uploadDirectory, maximumBytes: maximumBytes)
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        do {
            // Read again: another upload of the user's may have been kept meanwhile.
            try await account().storageUsage(of: requireUser()).check(incoming: size, localizer: localizer)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        return file
    }
}
