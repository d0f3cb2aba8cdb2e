import Foundation
import Vapor

/// The demo report library: about thirty reports in three levels of categories, made by
/// `scripts/make-demo-reports` (Python with reportlab) and imported like any library. Built
/// in the background at start when the library is empty; without Python's reportlab or
/// Debian's qpdf and poppler-utils the server says how to install them.
enum ReportsDemo {
    static let generator = "scripts/make-demo-reports"

    static func prepareInBackground(_ app: Application) {
        app.runInBackground {
            do {
                try await importIfEmpty(app)
            } catch is CancellationError {
                return
            } catch {
                app.logger.warning("The demo report library was not imported: \(String(describing: error))")
            }
        }
    }

    static func importIfEmpty(_ app: Application) async throws {
        guard try await ReportsRepository(database: app.db).library() == nil else { return }
        let python = "/usr/bin/env"
        let script = app.directory.workingDirectory + generator
        guard PDFTools.isAvailable, FileManager.default.fileExists(atPath: script) else {
            app.logger.notice(
                "No demo reports: install the PDF tools with `apt-get install qpdf poppler-utils` and reportlab with `pip install reportlab`, then restart."
            )
            return
        }
        let folder = URL(fileURLWithPath: app.kineticConfiguration.uploadDirectory).appendingPathComponent(
            "upload-demo-reports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.logger.notice("Making the demo report library in the background…")
        do {
            _ = try await app.tools(for: .server("demo-reports")).run {
                try await ToolProcess.run(python, ["python3", script, folder.path], timeout: 300)
            }
        } catch is CancellationError {
            return
        } catch {
            app.logger.notice(
                "No demo reports: \(generator) failed (\(error)). Install reportlab with `pip install reportlab`, then restart.")
            return
        }
        let summary = try await app.reportImports(for: .server("demo-reports")).importLibrary(from: folder)
        app.logger.notice("Demo reports ready: \(summary.reports) reports, \(summary.pages) pages.")
    }
}
