import Foundation
import Vapor

extension ReportImports {
    /// Pages drawn by one request for a page not drawn yet: it and the ones after it, which a
    /// reader scrolling on is about to ask for.
    static let pagesDrawnOnRequest = 10

    /// Draws page `first` of the report kept in `storedFolder` (of `pageCount` pages) and the
    /// pages after it not drawn yet, ``pagesDrawnOnRequest`` at most, and keeps them in its
    /// folder: the pages an import left for later (``ReportLibraryImporter/pagesDrawnAtImport``).
    /// Runs in the asker's turn of the tool line; a page another request drew meanwhile is not
    /// drawn again. 404 when the folder no longer has its PDF; 503 when the page could not be
    /// drawn now (the tool ran out of time: try again).
    func drawPages(from first: Int, pageCount: Int, in storedFolder: String) async throws {
        let last = min(first + Self.pagesDrawnOnRequest - 1, pageCount)
        guard first >= 1, first <= last else { throw AppError.notFound }
        try await tools.run { [files, pdfTools, logger] in
            var undrawn: [Int] = []
            for page in first...last {
                guard try await !files.store.exists(files.page(page, in: storedFolder)) else { break }
                undrawn.append(page)
            }
            guard let through = undrawn.last else { return }
            guard let pdf = try await files.pdfOnDisk(in: storedFolder) else { throw AppError.notFound }
            let scratch = try files.stagingFolder()
            defer { try? FileManager.default.removeItem(at: scratch) }
            let drawn: [URL]
            do {
                drawn = try await pdfTools.renderPages(
                    of: pdf, pages: first...through, width: ReportLibraryImporter.pageWidth, into: scratch)
            } catch let failed as ToolProcess.Failed {
                logger.warning("Pages \(first)–\(through) of reports/\(storedFolder) were not drawn: \(failed)")
                throw Self.pageNotDrawn
            }
            for file in drawn {
                // `page-N.jpg`: each is kept as the page it is.
                guard let number = Int(file.deletingPathExtension().lastPathComponent.dropFirst("page-".count)) else { continue }
                try await files.keepPage(file, number: number, in: storedFolder)
            }
            // An import that replaced the report meanwhile removed its folder: what was just
            // kept under it goes too.
            if try await !files.hasPDF(in: storedFolder) { await files.remove(storedFolder) }
        }
    }

    /// 503: a page could not be drawn now.
    static let pageNotDrawn = AppError(
        status: .serviceUnavailable, code: "page_not_drawn", messageKey: "error.reports.pageNotDrawn", retryAfterSeconds: 10)
}
