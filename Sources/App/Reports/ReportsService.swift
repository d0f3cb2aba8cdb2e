import Foundation
import KineticCore
import Vapor

/// The Reports module's operations for one signed-in user: the library's levels, reports and
/// search, the files of a report, and (for administrators) the import. Made once per request
/// (`request.reports()`); the web and API controllers both call it.
struct ReportsService {
    let user: User
    /// The library, its levels and its search.
    let library: ReportsRepository
    /// Where the reports' PDFs and page images are kept.
    let files: ReportFiles
    /// Imports a library (a folder or zip) in the user's turn of the tool line: the import
    /// client, which allows one import at a time on this instance.
    let importLibrary: @Sendable (URL) async throws -> ReportLibraryImporter.Summary

    /// The report `id`; 404 when there is none.
    func report(_ id: String) async throws -> ReportDetails {
        guard let report = try await library.report(id) else { throw AppError.notFound }
        return report
    }

    /// The original PDF of `report`; 404 when its file is gone.
    func pdf(of report: ReportDetails) throws -> URL {
        try existing(files.pdf(in: report.storedFolder))
    }

    /// Page `number` (from 1) of `report` as a JPEG; 404 beyond its pages.
    func page(_ number: Int?, of report: ReportDetails) throws -> URL {
        guard let number, (1...max(report.summary.pageCount, 1)).contains(number) else { throw AppError.notFound }
        return try existing(files.page(number, in: report.storedFolder))
    }

    func thumbnail(of report: ReportDetails) throws -> URL {
        try existing(files.thumbnail(in: report.storedFolder))
    }

    /// 403 unless the user administers the instance.
    func requireAdmin() throws {
        guard user.isAdmin else { throw AppError(status: .forbidden, code: "admin_only", messageKey: "error.reports.adminOnly") }
    }

    /// Imports the library zip at `zip` (removed afterwards); administrators only.
    func importLibrary(zip: URL) async throws -> ReportLibraryImporter.Summary {
        defer { try? FileManager.default.removeItem(at: zip) }
        try requireAdmin()
        return try await importLibrary(zip)
    }

    private func existing(_ file: URL) throws -> URL {
        guard FileManager.default.fileExists(atPath: file.path) else { throw AppError.notFound }
        return file
    }
}

extension Request {
    /// The Reports module's operations for the signed-in user.
    func reports() throws -> ReportsService {
        let user = try requireUser()
        let owner = ToolQueue.Owner.user(try user.requireID())
        let application = application
        return ReportsService(
            user: user, library: ReportsRepository(database: db), files: application.reportFiles,
            importLibrary: { try await application.importReportLibrary(from: $0, for: owner) })
    }
}
