import Foundation

/// Where the library's files live: `reports/` in the media directory, one folder per report
/// under a generated name, holding `report.pdf` (the original), `page-1.jpg`… (the viewer's
/// pages), `thumbnail.jpg` (its bubble) and `text.txt` (what search indexes). A new file gets a new folder, so a folder never
/// changes once a row names it.
struct ReportFiles: Sendable {
    let directory: URL

    init(mediaDirectory: String) {
        directory = URL(fileURLWithPath: mediaDirectory).appendingPathComponent("reports")
    }

    func folder(_ storedFolder: String) -> URL {
        directory.appendingPathComponent(storedFolder)
    }

    func pdf(in storedFolder: String) -> URL {
        folder(storedFolder).appendingPathComponent("report.pdf")
    }

    /// Page `number` (from 1) as a JPEG.
    func page(_ number: Int, in storedFolder: String) -> URL {
        folder(storedFolder).appendingPathComponent("page-\(number).jpg")
    }

    func thumbnail(in storedFolder: String) -> URL {
        folder(storedFolder).appendingPathComponent("thumbnail.jpg")
    }

    /// The PDF's text as the search indexes it, kept so an undone import can index it again.
    func text(in storedFolder: String) -> URL {
        folder(storedFolder).appendingPathComponent("text.txt")
    }

    /// A folder for preparing files before they are moved into place (same file system, so
    /// the move is a rename).
    func stagingFolder() throws -> URL {
        let staging = directory.appendingPathComponent("staging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        return staging
    }

    /// Moves a prepared report folder into the store as `storedFolder`.
    func keep(_ prepared: URL, as storedFolder: String) throws {
        try FileManager.default.moveItem(at: prepared, to: folder(storedFolder))
    }

    func remove(_ storedFolder: String) {
        try? FileManager.default.removeItem(at: folder(storedFolder))
    }

    /// The status of the import running or last run (``ReportImportStatus``).
    var importStatus: URL { directory.appendingPathComponent("import-status.json") }

    /// The folder of the import waiting for confirmation (``ReportImportDraft``).
    var draftFolder: URL { directory.appendingPathComponent("draft") }

    /// A folder for an upload being checked, which becomes ``draftFolder`` once it can be imported.
    func newDraftFolder() -> URL { directory.appendingPathComponent("staging-draft-\(UUID().uuidString)") }

    /// Removes staging folders an interrupted import left behind; called at start.
    func clearStaging() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix("staging-") {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
