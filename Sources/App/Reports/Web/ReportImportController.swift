import Foundation
import KineticCore
import Vapor

/// The administrator's import page. The form posts the zip as `multipart/form-data` (up to
/// the form limit, without script); the page's script sends it as the raw body with the CSRF
/// token in a header instead, so a library of any size up to the upload limit streams to disk.
struct ReportImportController {
    func show(_ request: Request) async throws -> Response {
        try request.reports().requireAdmin()
        return try await page(request, summary: nil, failure: nil)
    }

    private struct UploadForm: Content {
        var library: File?
    }

    func upload(_ request: Request) async throws -> Response {
        let reports = try request.reports()
        try reports.requireAdmin()
        let l = request.localizer
        do {
            let summary: ReportLibraryImporter.Summary
            if request.headers.contentType?.type == "multipart" {
                summary = try await reports.importLibrary(zip: try formFile(request))
            } else {
                summary = try await reports.importLibrary(zip: try await request.receiveReportLibrary(for: reports))
            }
            let text = l.t(
                "reports.import.done", l.plural("reports.count", count: summary.reports), l.number(summary.added),
                l.number(summary.updated), l.number(summary.removed))
            if request.wantsJSON { return try await ReportImportDTO(summary).encodeResponse(for: request) }
            return try await page(request, summary: text, failure: nil)
        } catch let failure as ReportLibraryProblems where !request.wantsJSON {
            return try await page(request, summary: nil, failure: failure.appError, status: .unprocessableEntity)
        } catch let error as AppError where !request.wantsJSON {
            return try await page(request, summary: nil, failure: error, status: error.status)
        }
    }

    /// The multipart form's file, written to the upload directory.
    private func formFile(_ request: Request) throws -> URL {
        guard let file = try request.content.decode(UploadForm.self).library, file.data.readableBytes > 0 else {
            throw AppError.validation(FieldErrors(["library": "error.field.required"]))
        }
        return try request.keepFormFile(file.data)
    }

    private func page(_ request: Request, summary: String?, failure: AppError?, status: HTTPResponseStatus = .ok) async throws -> Response {
        let l = request.localizer
        let library = try await request.reports().library.library().map { library in
            l.t(
                "reports.import.current", library.title, l.plural("reports.count", count: library.reportCount),
                l.plural("reports.pages", count: library.pageCount))
        }
        let problems =
            failure.map { error in
                error.fields.messages.sorted { $0.key < $1.key }.map {
                    (path: $0.key, message: l.t($0.value, arguments: error.fieldArguments[$0.key] ?? []))
                }
            } ?? []
        let model = ReportImportPage.Model(
            library: library, summary: summary, problems: problems,
            error: failure.map { l.t($0.messageKey, arguments: $0.messageArguments) }
        )
        return .html(ReportImportPage.render(model, context: PageContext(request: request)), status: status)
    }
}
