import Vapor

/// A report's files — the original PDF, a page's image, the thumbnail — the same for a
/// signed-in browser (`/reports/…`) and an API token (`/api/v1/reports/…`).
struct ReportFilesController {
    /// The original PDF, offered for download under the report's title.
    func pdf(_ request: Request) async throws -> Response {
        let reports = try request.reports()
        let report = try await reports.report(request.requestedReportID)
        let response = try await request.fileio.asyncStreamFile(
            at: try reports.pdf(of: report).path, mediaType: HTTPMediaType(type: "application", subType: "pdf"))
        response.headers.replaceOrAdd(name: .contentDisposition, value: ReportDownloadName.contentDisposition(title: report.summary.title))
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, max-age=3600")
        return response
    }

    func page(_ request: Request) async throws -> Response {
        let reports = try request.reports()
        let report = try await reports.report(request.requestedReportID)
        return try await image(try reports.page(request.requestedPageNumber, of: report), request)
    }

    func thumbnail(_ request: Request) async throws -> Response {
        let reports = try request.reports()
        return try await image(try reports.thumbnail(of: try await reports.report(request.requestedReportID)), request)
    }

    private func image(_ file: URL, _ request: Request) async throws -> Response {
        let response = try await request.fileio.asyncStreamFile(at: file.path, mediaType: .jpeg)
        // A stored folder never changes (a new file gets a new folder), so a page may be kept.
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, max-age=86400")
        return response
    }
}
