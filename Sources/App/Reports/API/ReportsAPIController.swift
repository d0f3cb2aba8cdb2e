import Foundation
import KineticCore
import Vapor

/// The report library over the API, for every signed-in user: levels, reports, their PDF,
/// pages and thumbnails (``ReportFilesController``), search; and the administrator's import.
struct ReportsAPIController {
    func level(_ request: Request) async throws -> ReportLevelDTO {
        guard let level = try await request.reports().library.level(request.requestedCategoryID()) else { throw AppError.notFound }
        return ReportLevelDTO(level)
    }

    func levelReports(_ request: Request) async throws -> [ReportSummaryDTO] {
        guard let reports = try await request.reports().library.reports(under: request.requestedCategoryID()) else {
            throw AppError.notFound
        }
        return reports.map { ReportSummaryDTO($0.report) }
    }

    func report(_ request: Request) async throws -> ReportDTO {
        ReportDTO(try await request.reports().report(request.requestedReportID))
    }

    func search(_ request: Request) async throws -> ReportSearchDTO {
        let text = try request.searchText()
        return ReportSearchDTO(query: text, try await request.reports().library.search(text))
    }

    /// `GET /api/v1/reports/{reportId}/hits?find=…&search=…`: where a reader's words are
    /// (``ReportHits/find(for:linkingViewer:)``).
    func hits(_ request: Request) async throws -> ReportHits {
        try await ReportHits.find(for: request, linkingViewer: false)
    }

    /// `POST /api/v1/reports/import`: the body is a zip of the library (administrators only);
    /// 201 with what importing it would change, to confirm or discard.
    func uploadImport(_ request: Request) async throws -> Response {
        let reports = try request.reports()
        let draft = try await reports.uploadImport(zip: try await request.receiveReportLibrary(for: reports))
        return try await ReportImportPreviewDTO(draft, localizer: request.localizer).created(
            at: .api(.reports(.importDraft(id: draft.id.uuidString.lowercased()))), for: request)
    }

    func waitingImport(_ request: Request) async throws -> ReportImportPreviewDTO {
        ReportImportPreviewDTO(try await request.reports().waitingImport(request.requestedImportID), localizer: request.localizer)
    }

    /// `POST /api/v1/reports/import/{importId}/confirm`: 202, the import runs in the background;
    /// `Location` is its status.
    func confirmImport(_ request: Request) async throws -> Response {
        let status = try await request.reports().confirmImport(request.requestedImportID)
        let response = try await ReportImportStatusDTO(status, localizer: request.localizer).encodeResponse(status: .accepted, for: request)
        response.headers.replaceOrAdd(
            name: .location, value: SiteURL.api(.reports(.importStatus(id: status.id.uuidString.lowercased()))).path)
        return response
    }

    func importStatus(_ request: Request) async throws -> ReportImportStatusDTO {
        ReportImportStatusDTO(try await request.reports().importStatus(request.requestedImportID), localizer: request.localizer)
    }

    func discardImport(_ request: Request) async throws -> HTTPStatus {
        try await request.reports().discardImport(request.requestedImportID)
        return .noContent
    }

    func undoImport(_ request: Request) async throws -> ReportLibraryRestoredDTO {
        ReportLibraryRestoredDTO(try await request.reports().undoImport())
    }
}
