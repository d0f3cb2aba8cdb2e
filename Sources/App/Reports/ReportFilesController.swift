import Vapor

/// A report's files — the original PDF, a page's image, the thumbnail — the same for a
/// signed-in browser (`/reports/…`) and an API token (`/api/v1/reports/…`).
struct ReportFilesController {
    func pdf(_ request: Request) async throws -> Response {
        try await request.streamReportPDF(request.requestedReport())
    }

    func page(_ request: Request) async throws -> Response {
        try await request.streamReportPage(request.requestedReport())
    }

    func thumbnail(_ request: Request) async throws -> Response {
        try await request.streamReportThumbnail(request.requestedReport())
    }
}
