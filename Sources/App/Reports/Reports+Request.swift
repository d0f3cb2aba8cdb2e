import Foundation
import KineticCore
import Vapor

extension Request {
    var reports: ReportsRepository { ReportsRepository(database: db) }

    /// The `categoryId` parameter: nil for `root`.
    func requestedCategoryID() throws -> String? {
        let id = parameters.get("categoryId") ?? ""
        return id == SiteURL.rootCategoryID ? nil : id
    }

    /// The report named by the `reportId` parameter; 404 when there is none.
    func requestedReport() async throws -> ReportDetails {
        guard let report = try await reports.report(parameters.get("reportId") ?? "") else { throw AppError.notFound }
        return report
    }

    /// The `q` query item: at most 200 characters (422 beyond), empty when absent.
    func searchText() throws -> String {
        let text = (try? query.get(String.self, at: "q")) ?? ""
        guard text.count <= 200 else { throw AppError.validation(FieldErrors(["q": "error.reports.search.tooLong"])) }
        return text
    }

    /// The original PDF, offered for download under the report's title.
    func streamReportPDF(_ report: ReportDetails) async throws -> Response {
        let path = application.reportFiles.pdf(in: report.storedFolder).path
        guard FileManager.default.fileExists(atPath: path) else { throw AppError.notFound }
        let response = try await fileio.asyncStreamFile(at: path, mediaType: HTTPMediaType(type: "application", subType: "pdf"))
        response.headers.replaceOrAdd(name: .contentDisposition, value: ReportDownloadName.contentDisposition(title: report.summary.title))
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, max-age=3600")
        return response
    }

    /// Page `page` (from 1) as a JPEG; 404 beyond the report's pages.
    func streamReportPage(_ report: ReportDetails) async throws -> Response {
        guard let number = parameters.get("page").flatMap({ Int($0) }), (1...max(report.summary.pageCount, 1)).contains(number) else {
            throw AppError.notFound
        }
        return try await streamReportImage(application.reportFiles.page(number, in: report.storedFolder))
    }

    func streamReportThumbnail(_ report: ReportDetails) async throws -> Response {
        try await streamReportImage(application.reportFiles.thumbnail(in: report.storedFolder))
    }

    private func streamReportImage(_ file: URL) async throws -> Response {
        guard FileManager.default.fileExists(atPath: file.path) else { throw AppError.notFound }
        let response = try await fileio.asyncStreamFile(at: file.path, mediaType: .jpeg)
        // A stored folder never changes (a new file gets a new folder), so a page may be kept.
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, max-age=86400")
        return response
    }

    /// 403 unless the signed-in user administers the instance.
    func requireAdmin() throws {
        guard try requireUser().isAdmin else {
            throw AppError(status: .forbidden, code: "admin_only", messageKey: "error.reports.adminOnly")
        }
    }

    /// Receives a library zip (administrators only, at most the upload limit) and imports it.
    func importUploadedReportLibrary() async throws -> ReportLibraryImporter.Summary {
        try requireAdmin()
        let configuration = application.kineticConfiguration
        let zip = try await receiveUpload(into: configuration.uploadDirectory, maximumBytes: configuration.maximumUploadBytes)
        defer { try? FileManager.default.removeItem(at: zip) }
        return try await application.importReportLibrary(from: zip, for: .user(try requireUser().requireID()))
    }
}
