import Foundation
import KineticCore

/// An uploaded library waiting for an administrator to confirm it: unpacked under
/// `.report-import/draft/` in the media directory beside `draft.json`, which holds what its preview
/// showed and the library it was compared with. There is one at a time (a new upload
/// replaces it), and confirming it is refused once the library has changed since the preview.
struct ReportImportDraft: Codable, Equatable, Sendable {
    let id: UUID
    let createdAt: Date
    /// The unpacked library's folder, relative to the draft's `library/` folder ("" at its top).
    let libraryPath: String
    let title: String
    let categoryCount: Int
    let reportCount: Int
    let pageCount: Int
    /// The pages of new or changed PDFs, which confirming renders.
    let pagesToRender: Int
    let changes: ReportLibraryChanges
    let basis: ReportLibraryImporter.LibraryVersion

    init(id: UUID, createdAt: Date, libraryPath: String, preview: ReportLibraryImporter.Preview) {
        self.id = id
        self.createdAt = createdAt
        self.libraryPath = libraryPath
        title = preview.library.title
        categoryCount = preview.library.categories.count
        reportCount = preview.library.reports.count
        pageCount = preview.pages
        pagesToRender = preview.pagesToRender
        changes = preview.changes
        basis = preview.basis
    }

    /// 404: the draft asked for is no longer the one waiting (imported, discarded or replaced).
    static let gone = AppError(status: .notFound, code: "import_not_found", messageKey: "error.reports.importGone")

    /// Where a draft's files live inside `folder` (``ReportFiles/draftFolder``).
    struct Place {
        let folder: URL
        /// What the preview said (`draft.json`).
        var record: URL { folder.appendingPathComponent("draft.json") }
        var unpacked: URL { folder.appendingPathComponent("library") }

        /// The draft there, when there is one.
        func read() -> ReportImportDraft? {
            guard let data = try? Data(contentsOf: record) else { return nil }
            return try? JSONDecoder().decode(ReportImportDraft.self, from: data)
        }

        func write(_ draft: ReportImportDraft) throws {
            try JSONEncoder().encode(draft).write(to: record, options: .atomic)
        }

        /// Empties the place (a draft replaced, confirmed or discarded).
        func clear() {
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
