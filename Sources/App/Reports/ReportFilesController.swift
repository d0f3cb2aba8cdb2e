import Vapor

/// A report's files — the original PDF, a page's image, the thumbnail — the same for a
/// signed-in browser (`/reports/…`) and an API token (`/api/v1/reports/…`). Their addresses
/// carry the report's files version (`?v=`, see ``ReportSummary/filesVersion``): asked for with
/// the current one, a file is kept for a year (private: only signed-in users read them); any
/// other way, it must be checked again each time (its ETag answers 304 when unchanged).
struct ReportFilesController {
    /// The original PDF, offered for download under the report's title.
    func pdf(_ request: Request) async throws -> Response {
        let reports = try request.reports()
        let report = try await reports.report(request.requestedReportID)
        let response = try await reports.response(
            for: try reports.pdf(of: report), contentType: HTTPMediaType(type: "application", subType: "pdf"), to: request)
        response.headers.replaceOrAdd(name: .contentDisposition, value: ReportDownloadName.contentDisposition(title: report.summary.title))
        response.headers.replaceOrAdd(name: .cacheControl, value: cacheControl(for: report, request))
        return response
    }

    func page(_ request: Request) async throws -> Response {
        let reports = try request.reports()
        let report = try await reports.report(request.requestedReportID)
        return try await image(try await reports.page(request.requestedPageNumber, of: report), of: report, reports, request)
    }

    func thumbnail(_ request: Request) async throws -> Response {
        let reports = try request.reports()
        let report = try await reports.report(request.requestedReportID)
        return try await image(try reports.thumbnail(of: report), of: report, reports, request)
    }

    private func image(_ key: MediaKey, of report: ReportDetails, _ reports: ReportsService, _ request: Request) async throws -> Response {
        let response = try await reports.response(for: key, contentType: .jpeg, to: request)
        response.headers.replaceOrAdd(name: .cacheControl, value: cacheControl(for: report, request))
        return response
    }

    /// A stored folder never changes (a new file gets a new folder), so an address naming the
    /// current one may be kept for good.
    private func cacheControl(for report: ReportDetails, _ request: Request) -> String {
        request.query[String.self, at: "v"] == report.summary.filesVersion ? "private, max-age=31536000, immutable" : "private, no-cache"
    }
}
