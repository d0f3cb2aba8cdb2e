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
    /// The import, in the user's turn of the tool line.
    let imports: ReportImports
    /// The page draws in flight on this instance.
    let draws: PageDraws

    /// The report `id`; 404 when there is none.
    func report(_ id: String) async throws -> ReportDetails {
        guard let report = try await library.report(id) else { throw AppError.notFound }
        return report
    }

    /// The original PDF of `report`.
    func pdf(of report: ReportDetails) throws -> MediaKey {
        try files.pdf(in: report.storedFolder)
    }

    /// Page `number` (from 1) of `report` as a JPEG, drawn now in the user's turn of the tool
    /// line when no one has read it before (``ReportImports/drawPages(from:pageCount:in:)``), or
    /// once the draw in flight that covers it ends (``PageDraws``); 404 beyond its pages.
    func page(_ number: Int?, of report: ReportDetails) async throws -> MediaKey {
        guard let number, (1...max(report.summary.pageCount, 1)).contains(number) else { throw AppError.notFound }
        let key = try files.page(number, in: report.storedFolder)
        guard try await !files.store.exists(key) else { return key }
        let (imports, folder, pageCount) = (imports, report.storedFolder, report.summary.pageCount)
        let pages = number...min(number + ReportImports.pagesDrawnOnRequest - 1, pageCount)
        try await draws.page(number, of: folder, drawing: pages) {
            try await imports.drawPages(from: number, pageCount: pageCount, in: folder)
        }
        // The draw it waited for stopped at a page drawn before, short of this one.
        if try await !files.store.exists(key) { try await imports.drawPages(from: number, pageCount: pageCount, in: folder) }
        return key
    }

    func thumbnail(of report: ReportDetails) throws -> MediaKey {
        try files.thumbnail(in: report.storedFolder)
    }

    /// The file `key` as the answer to `request`; 404 when it is gone.
    func response(for key: MediaKey, contentType: HTTPMediaType, to request: Request) async throws -> Response {
        guard let response = try await files.store.response(for: key, contentType: contentType, to: request) else {
            throw AppError.notFound
        }
        return response
    }

    /// 403 unless the user administers the instance.
    func requireAdmin() throws {
        guard user.isAdmin else { throw AppError(status: .forbidden, code: "admin_only", messageKey: "error.reports.adminOnly") }
    }

    /// Checks the library zip at `zip` (removed afterwards) and keeps it as the import waiting
    /// for confirmation, with what it would change; administrators only.
    func uploadImport(zip: URL) async throws -> ReportImportDraft {
        do { try requireAdmin() } catch {
            try? FileManager.default.removeItem(at: zip)
            throw error
        }
        return try await imports.upload(zip: zip)
    }

    /// The import `id` waiting for confirmation; 404 when it is no longer waiting.
    func waitingImport(_ id: UUID?) async throws -> ReportImportDraft {
        try requireAdmin()
        guard let id, let draft = try await imports.draft(id) else { throw ReportImportDraft.gone }
        return draft
    }

    /// Starts importing the waiting import `id` in the background; its status (see
    /// ``ReportImports/start(_:for:)``).
    func confirmImport(_ id: UUID?) async throws -> ReportImportStatus {
        let draft = try await waitingImport(id)
        return try await imports.start(draft.id, for: try user.requireID())
    }

    /// The import `id` as it runs or as it ended; 404 when it is not the one running or last run.
    func importStatus(_ id: UUID?) async throws -> ReportImportStatus {
        try requireAdmin()
        guard let id, let status = try await imports.status(id) else { throw ReportImportStatus.unknown }
        return status
    }

    /// The import running now, when one is.
    func runningImport() async throws -> ReportImportStatus? {
        try requireAdmin()
        return try await imports.running()
    }

    func discardImport(_ id: UUID?) async throws {
        try await imports.discard(try await waitingImport(id).id)
    }

    /// Undoes the last import; the previous library comes back.
    func undoImport() async throws -> ReportLibrarySnapshot {
        try requireAdmin()
        return try await imports.restorePrevious()
    }

    /// Undoes the import that made the library the one `mark` names, once; nil (nothing done)
    /// when the library is no longer that one.
    func undoImport(of mark: ReportLibraryImporter.UndoMark) async throws -> ReportLibrarySnapshot? {
        try requireAdmin()
        return try await imports.restorePrevious(undoing: mark)
    }

    /// The mark of the library now, which its undo names.
    func undoMark() async throws -> ReportLibraryImporter.UndoMark {
        try await imports.undoMark()
    }

    /// The library an undo would bring back, and when the last import replaced it.
    func previousLibrary() async throws -> (library: ReportLibrarySnapshot.Library, replacedAt: Date)? {
        try await imports.previousLibrary()
    }
}

extension Request {
    /// The Reports module's operations for the signed-in user.
    func reports() throws -> ReportsService {
        let user = try requireUser()
        return ReportsService(
            user: user, library: ReportsRepository(database: db, trees: application.reportCategoryTrees), files: application.reportFiles,
            imports: application.reportImports(for: .user(try user.requireID())), draws: application.pageDraws)
    }
}
