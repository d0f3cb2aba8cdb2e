import Fluent
import Foundation
import KineticCore
import SQLKit
import Vapor

/// What a user keeps (songs and wish photos) against their quota (``StorageQuota``).
struct StorageUsage: Sendable {
    let usedBytes: Int
    let quotaBytes: Int

    /// The user's usage and quota now.
    static func of(_ user: User, on database: any Database, defaultQuota: Int) async throws -> StorageUsage {
        let userID = try user.requireID()
        let sql = try database.sql()
        var used = 0
        for (table, owner) in [(SongRecord.schema, "user_id"), ("wish_photos", "owner_id")] {
            // PostgreSQL sums a BIGINT as NUMERIC: cast back, on both databases alike.
            let row = try await sql.select().column(SQLRaw("CAST(COALESCE(SUM(byte_count), 0) AS BIGINT)"), as: "total")
                .from(table).where(SQLColumn(owner), .equal, SQLBind(userID)).first()
            let total = try row?.decode(column: "total", as: Int.self) ?? 0
            used = used.addingReportingOverflow(max(0, total)).partialValue
        }
        return StorageUsage(usedBytes: used, quotaBytes: user.storageQuotaBytes.map { Int(clamping: $0) } ?? defaultQuota)
    }

    /// 507 naming usage and quota unless `incoming` more bytes fit.
    func check(incoming: Int, localizer: Localizer) throws {
        guard StorageQuota.fits(incoming: incoming, used: usedBytes, quota: quotaBytes) else {
            throw AppError.quotaExceeded(used: usedBytes, quota: quotaBytes, localizer: localizer)
        }
    }
}

/// The quota checks of an upload, before it is read (its declared size) and after.
extension Request {
    /// Refuses a received upload that does not fit the user's quota, removing its file.
    func checkUploadFitsQuota(_ file: URL) async throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        do {
            try await account().storageUsage(of: requireUser()).check(incoming: size, localizer: localizer)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }

    /// Refuses an upload whose `Content-Length` would not fit the user's quota, before it is read.
    func checkDeclaredUploadFitsQuota() async throws {
        guard let declared = headers.first(name: .contentLength).flatMap({ Int($0) }) else { return }
        try await account().storageUsage(of: requireUser()).check(incoming: declared, localizer: localizer)
    }
}
