import Foundation
import KineticCore
import Vapor

/// `kinetic import-reports <folder or zip>`: imports the report library — checked whole
/// first, nothing stored when anything is wrong (every problem printed), and a re-import
/// updates the library in place. Needs `qpdf` and `poppler-utils`.
struct ImportReportsCommand: AsyncCommand, KineticCommand {
    struct Signature: CommandSignature {
        @Argument(name: "source", help: "a folder with library.json and its PDFs, or a zip of one")
        var source: String
    }

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    static let about = CommandHelp(
        name: "import-reports", summary: "Imports the report library from a folder (library.json and its PDFs) or a zip of one.",
        usage: "kinetic import-reports SOURCE",
        options: [("SOURCE", "a folder with library.json and its PDFs, or a zip of one; needs qpdf and poppler-utils")]
    )

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.autoMigrate().get()
        let source = URL(fileURLWithPath: signature.source)
        let started = ContinuousClock.now
        do {
            let summary = try await app.importReportLibrary(from: source, for: .server("import-reports"))
            let seconds = started.duration(to: .now) / .seconds(1)
            context.console.print("Imported the report library from \(source.lastPathComponent):")
            context.console.print("  categories:       \(summary.categories)")
            context.console.print(
                "  reports:          \(summary.reports) (\(summary.added) added, \(summary.updated) updated, \(summary.removed) removed)")
            context.console.print(
                "  pages:            \(summary.pages) (\(summary.pagesRendered) rendered from \(summary.rendered) new or changed PDFs)")
            context.console.print("  time taken:       \(String(format: "%.1f", seconds)) s")
        } catch let failure as ReportLibraryProblems {
            let localizer = Localizer(language: .english, catalog: app.stringCatalog)
            let lines = failure.problems.map { "  \($0.path): \(localizer.t($0.messageKey, arguments: $0.arguments))" }
            throw Failed(
                description: "Nothing was imported. The library has \(failure.problems.count) problem(s):\n" + lines.joined(separator: "\n")
            )
        }
    }
}
