import Foundation
import KineticCore
import Vapor

/// The administrator's import pages: upload a zip, see what it would change, confirm or
/// cancel, and undo the last import. Without script the form posts the zip as
/// `multipart/form-data` (up to the form limit); the page's script sends it as the raw body
/// with the CSRF token in a header and a progress bar, so a library of any size up to the
/// upload limit streams to disk.
struct ReportImportController {
    func show(_ request: Request) async throws -> Response {
        let l = request.localizer
        let reports = try request.reports()
        if let running = try await reports.runningImport() { return try await page(request, outcome: .running(running)) }
        // After an undo (Post/Redirect/Get): what it did.
        switch (try? request.query.get(String.self, at: "done")) ?? "" {
        case "undone":
            let text = try await reports.library.library().map { library in
                l.t("reports.import.undone", library.title, l.plural("reports.count", count: library.reportCount))
            }
            return try await page(request, outcome: text.map { .done($0) })
        case "unchanged":
            return try await page(request, outcome: .done(l.t("reports.import.undoUnchanged")))
        default:
            return try await page(request, outcome: nil)
        }
    }

    private struct UploadForm: Content {
        var library: File?
    }

    /// Checks the uploaded library and shows what importing it would change (a script gets the
    /// preview's address in JSON).
    func upload(_ request: Request) async throws -> Response {
        let reports = try request.reports()
        try reports.requireAdmin()
        do {
            let zip =
                request.headers.contentType?.type == "multipart"
                ? try formFile(request) : try await request.receiveReportLibrary(for: reports)
            let draft = try await reports.uploadImport(zip: zip)
            let preview = SiteURL.reports(.importDraft(id: draft.id.uuidString.lowercased()))
            if request.wantsJSON {
                return try await ReportImportPreviewDTO(draft, localizer: request.localizer).created(at: preview, for: request)
            }
            return request.redirect(to: preview.path)
        } catch let failure as ReportLibraryProblems where !request.wantsJSON {
            return try await page(request, outcome: .failed(failure.appError), status: .unprocessableEntity)
        } catch let error as AppError where !request.wantsJSON {
            return try await page(request, outcome: .failed(error), status: error.status)
        }
    }

    /// What the waiting import would change, to confirm or cancel.
    func preview(_ request: Request) async throws -> Response {
        let draft = try await request.reports().waitingImport(request.requestedImportID)
        return .html(ReportImportPreviewPage.render(draft, context: PageContext(request: request)))
    }

    /// Starts the import and opens its status, which follows it to the end.
    func confirm(_ request: Request) async throws -> Response {
        do {
            let status = try await request.reports().confirmImport(request.requestedImportID)
            return request.redirect(to: SiteURL.reports(.importStatus(id: status.id.uuidString.lowercased())).path)
        } catch let error as AppError where error.status != .forbidden {
            return try await page(request, outcome: .failed(error), status: error.status)
        }
    }

    /// The import page with the import `id` as it runs, or with what it did or why it failed.
    func status(_ request: Request) async throws -> Response {
        let l = request.localizer
        let status = try await request.reports().importStatus(request.requestedImportID)
        switch status.state {
        case .importing:
            return try await page(request, outcome: .running(status))
        case .imported:
            let summary = status.summary ?? ReportLibraryImporter.Summary()
            var text = l.t(
                "reports.import.done", l.plural("reports.count", count: summary.reports), l.number(summary.added),
                l.number(summary.updated), l.number(summary.removed))
            if summary.pagesRecognised > 0 { text += " " + l.plural("reports.import.doneRecognised", count: summary.pagesRecognised) }
            return try await page(request, outcome: .done(text, leftOut: summary.leftOut))
        case .failed:
            return try await page(request, outcome: .failed(status.failure?.appError ?? ReportImportStatus.failedUnexplained))
        }
    }

    func discard(_ request: Request) async throws -> Response {
        try await request.reports().discardImport(request.requestedImportID)
        return request.redirect(to: SiteURL.reports(.importLibrary).path)
    }

    private struct UndoForm: Content {
        /// The library the undo was asked of (``ReportLibraryImporter/UndoMark``).
        var of: String?
    }

    /// Undoes the import that made the library the one the page showed, once: sent again (a
    /// reload, a second tap) it changes nothing. Then the import page, by a redirect, says what
    /// happened.
    func undo(_ request: Request) async throws -> Response {
        let reports = try request.reports()
        do {
            let form = try request.content.decode(UndoForm.self)
            guard let mark = form.of.flatMap(ReportLibraryImporter.UndoMark.init(text:)) else {
                throw AppError.validation(FieldErrors(["of": "error.field.required"]))
            }
            let restored = try await reports.undoImport(of: mark)
            return request.redirect(to: SiteURL.reports(.importLibrary).with([("done", restored == nil ? "unchanged" : "undone")]))
        } catch let error as AppError where error.status != .forbidden {
            return try await page(request, outcome: .failed(error), status: error.status)
        }
    }

    /// The multipart form's file, written to the upload directory.
    private func formFile(_ request: Request) throws -> URL {
        guard let file = try request.content.decode(UploadForm.self).library, file.data.readableBytes > 0 else {
            throw AppError.validation(FieldErrors(["library": "error.field.required"]))
        }
        return try request.keepFormFile(file.data)
    }

    private func page(_ request: Request, outcome: ReportImportPage.Outcome?, status: HTTPResponseStatus = .ok) async throws -> Response {
        let l = request.localizer
        let reports = try request.reports()
        let current = try await reports.library.library()
        let library = current.map { library in
            l.t(
                "reports.import.current", library.title, l.plural("reports.count", count: library.reportCount),
                l.plural("reports.pages", count: library.pageCount))
        }
        let mark = try await reports.undoMark()
        let previous = try await reports.previousLibrary().map { previous -> ReportImportPage.Undo in
            let back = l.t(
                "reports.import.previous", previous.library.title, l.plural("reports.count", count: previous.library.reportCount))
            let goes = current.map { l.t("reports.import.undoLibrary", $0.title, l.plural("reports.count", count: $0.reportCount)) } ?? ""
            return ReportImportPage.Undo(
                description: l.t("reports.import.previousWhen", back, l.dateTime(previous.replacedAt, in: request.userCalendar.timeZone)),
                question: l.t(
                    "reports.import.undoConfirm",
                    l.t(
                        "reports.import.undoLibrary", previous.library.title, l.plural("reports.count", count: previous.library.reportCount)
                    ),
                    goes),
                mark: mark.text)
        }
        let model = ReportImportPage.Model(library: library, previous: previous, outcome: outcome.map { $0.described(by: l) })
        return .html(ReportImportPage.render(model, context: PageContext(request: request)), status: status)
    }
}
