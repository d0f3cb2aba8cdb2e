import Vapor

extension SiteURL {
    /// A Reports page or file under `/reports`.
    static func reports(_ page: ReportsPath) -> SiteURL { SiteURL(["reports"] + page.pathComponents) }

    /// The JSON Schema of a report library's `library.json`.
    static let reportLibrarySchema = SiteURL(["api", "report-library.schema.json"])

    /// The report library's paths, the same under `/reports` (pages, and files for signed-in
    /// browsers) and `/api/v1/reports` (JSON and files for tokens); an id of nil registers
    /// the route's parameter.
    enum ReportsPath: Hashable, Sendable {
        /// `categories/{categoryId}`: a level; `root` is the top.
        case category(id: String?)
        /// `categories/{categoryId}/reports`: every report of a level and below it.
        case categoryReports(id: String?)
        /// `{reportId}`: a report (the viewer on the web).
        case report(id: String?)
        case pdf(id: String?)
        case page(id: String?, number: String?)
        case thumbnail(id: String?)
        /// `{reportId}/hits?find=…&search=…`: where a reader's words are (``ReportsController/hits(_:)``).
        case hits(id: String?)
        case search
        /// The administrator's import (a zip).
        case importLibrary
        /// `import/{importId}`: an uploaded library waiting for confirmation, with its preview.
        case importDraft(id: String?)
        case confirmImport(id: String?)
        /// `import/{importId}/status`: a confirmed import as it runs, and how it ended.
        case importStatus(id: String?)
        /// The page's way to drop a waiting import (the API deletes `importDraft`).
        case discardImport(id: String?)
        /// `import/undo`: the previous library back.
        case undoImport

        var pathComponents: [PathComponent] {
            switch self {
            case .category(let id): ["categories", Self.parameter(id, "categoryId")]
            case .categoryReports(let id): ["categories", Self.parameter(id, "categoryId"), "reports"]
            case .report(let id): [Self.parameter(id, "reportId")]
            case .pdf(let id): [Self.parameter(id, "reportId"), "pdf"]
            case .page(let id, let number): [Self.parameter(id, "reportId"), "pages", Self.parameter(number, "page")]
            case .thumbnail(let id): [Self.parameter(id, "reportId"), "thumbnail"]
            case .hits(let id): [Self.parameter(id, "reportId"), "hits"]
            case .search: ["search"]
            case .importLibrary: ["import"]
            case .importDraft(let id): ["import", Self.parameter(id, "importId")]
            case .confirmImport(let id): ["import", Self.parameter(id, "importId"), "confirm"]
            case .importStatus(let id): ["import", Self.parameter(id, "importId"), "status"]
            case .discardImport(let id): ["import", Self.parameter(id, "importId"), "discard"]
            case .undoImport: ["import", "undo"]
            }
        }

        private static func parameter(_ value: String?, _ name: String) -> PathComponent {
            value.map { .constant($0) } ?? .parameter(name)
        }
    }

    /// The id that names the top level in a category path.
    static let rootCategoryID = "root"
}

extension SiteURL.Module {
    static let reports = Self("reports")
}

extension SiteURL.API {
    /// The report library under `/api/v1/reports`.
    static func reports(_ path: SiteURL.ReportsPath) -> Self { Self(["reports"] + path.pathComponents) }
}
