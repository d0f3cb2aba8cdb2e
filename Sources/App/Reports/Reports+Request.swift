import Foundation
import KineticCore
import Vapor

/// What a Reports request asks for, read from its path and query (the operations are
/// ``ReportsService``'s).
extension Request {
    /// The `categoryId` parameter: nil for `root`.
    func requestedCategoryID() throws -> String? {
        let id = parameters.get("categoryId") ?? ""
        return id == SiteURL.rootCategoryID ? nil : id
    }

    /// The `reportId` parameter.
    var requestedReportID: String { parameters.get("reportId") ?? "" }

    /// The `importId` parameter; nil when it is not an id.
    var requestedImportID: UUID? { parameters.get("importId").flatMap(UUID.init(uuidString:)) }

    /// The `page` parameter as a number; nil when it is not one.
    var requestedPageNumber: Int? { parameters.get("page").flatMap { Int($0) } }

    /// The `q` query item: at most 200 characters (422 beyond), empty when absent.
    func searchText() throws -> String {
        let text = (try? query.get(String.self, at: "q")) ?? ""
        guard text.count <= 200 else { throw AppError.validation(FieldErrors(["q": "error.reports.search.tooLong"])) }
        return text
    }

    /// The query item `name`: at most `limit` Unicode scalars (422 beyond: a character may
    /// carry any number of marks), empty when absent.
    func findText(_ name: String, limit: Int = 200) throws -> String {
        let text = (try? query.get(String.self, at: name)) ?? ""
        guard text.unicodeScalars.count <= limit else { throw AppError.validation(FieldErrors([name: "error.reports.search.tooLong"])) }
        return text
    }

    /// Receives a library zip (at most the server's largest upload), after checking that the
    /// user may import one.
    func receiveReportLibrary(for reports: ReportsService) async throws -> URL {
        try reports.requireAdmin()
        let configuration = application.kineticConfiguration
        return try await receiveUpload(into: configuration.uploadDirectory, maximumBytes: configuration.maximumUploadBytes)
    }
}
