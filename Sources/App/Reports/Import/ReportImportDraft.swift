import Foundation
import KineticCore

/// An uploaded library waiting for an administrator to confirm it: what its preview showed and
/// the library it was compared with, kept in its ``ReportImportRecord`` while its zip waits in
/// the media store. There is one at a time (a new upload replaces it), and confirming it is
/// refused once the library has changed since the preview.
struct ReportImportDraft: Codable, Equatable, Sendable {
    let id: UUID
    let createdAt: Date
    let title: String
    let categoryCount: Int
    let reportCount: Int
    let pageCount: Int
    /// The pages of new or changed PDFs, which confirming renders.
    let pagesToRender: Int
    let changes: ReportLibraryChanges
    let basis: ReportLibraryImporter.LibraryVersion
    /// The reports left out, stored as `leftOut` (absent from a draft written before reports
    /// could be).
    private let leftOutReports: [ReportLibraryImporter.LeftOut]?

    private enum CodingKeys: String, CodingKey {
        case id, createdAt, title, categoryCount, reportCount, pageCount, pagesToRender, changes, basis
        case leftOutReports = "leftOut"
    }

    /// The reports whose files cannot be read, which confirming leaves out.
    var leftOut: [ReportLibraryImporter.LeftOut] { leftOutReports ?? [] }

    init(id: UUID, createdAt: Date, preview: ReportLibraryImporter.Preview) {
        self.id = id
        self.createdAt = createdAt
        title = preview.library.title
        categoryCount = preview.library.categories.count
        reportCount = preview.library.reports.count
        pageCount = preview.pages
        pagesToRender = preview.pagesToRender
        changes = preview.changes
        basis = preview.basis
        leftOutReports = preview.leftOut
    }

    /// 404: the draft asked for is no longer the one waiting (imported, discarded or replaced).
    static let gone = AppError(status: .notFound, code: "import_not_found", messageKey: "error.reports.importGone")

    /// What importing it did, as its preview tells it: for an import whose try stored the
    /// library and stopped before saying so (every report it would add, change or remove was).
    var summary: ReportLibraryImporter.Summary {
        var summary = ReportLibraryImporter.Summary()
        summary.categories = categoryCount
        summary.reports = reportCount
        summary.added = changes.reports.added.count
        summary.updated = changes.reports.changed.count
        summary.removed = changes.reports.removed.count
        summary.pages = pageCount
        summary.pagesRendered = pagesToRender
        summary.leftOut = leftOut
        return summary
    }
}
