import Foundation
import KineticCore
import Vapor

/// `kinetic import-reports <folder or zip>`: imports the report library — checked whole
/// first, nothing stored when anything is wrong (every problem printed), then what it would
/// change shown and asked about (ConsoleKit's `--yes` answers it, `--dry-run` only shows it); a
/// re-import updates the library in place. `kinetic import-reports --undo` brings back the
/// library the last import replaced. Needs `qpdf` and `poppler-utils`.
struct ImportReportsCommand: KineticCommand {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    static let about = CommandHelp(
        name: "import-reports",
        summary: "Imports the report library from a folder (library.json and its PDFs) or a zip of one, after showing what changes.",
        usage: "kinetic import-reports [--yes | --dry-run] SOURCE | kinetic import-reports --undo",
        options: [
            ("SOURCE", "a folder with library.json and its PDFs, or a zip of one; needs qpdf and poppler-utils"),
            ("--yes", "imports without asking (what changes is still printed)"),
            ("--dry-run", "only checks the library and prints what importing it would change"),
            ("--undo", "brings back the library the last import replaced (a second --undo brings the import back)"),
        ]
    )

    var help: String { Self.about.summary }

    /// What the command line asks for (ConsoleKit reads `--yes` and `--no` before the command
    /// runs: they answer its question).
    enum Request: Equatable {
        case importing(source: String)
        case dryRun(source: String)
        case undo
    }

    /// Reads the arguments after the command's name.
    static func request(from arguments: [String]) throws -> Request {
        let flags = Set(arguments.filter { $0.hasPrefix("-") })
        let sources = arguments.filter { !$0.hasPrefix("-") }
        guard flags.isSubset(of: ["--dry-run", "--undo"]) else {
            throw Failed(
                description:
                    "Unknown option \(flags.subtracting(["--dry-run", "--undo"]).sorted().joined(separator: ", ")). Usage: \(about.usage)"
            )
        }
        if flags.contains("--undo") {
            guard flags == ["--undo"], sources.isEmpty else {
                throw Failed(description: "--undo takes nothing else. Usage: \(about.usage)")
            }
            return .undo
        }
        guard sources.count == 1, let source = sources.first else {
            throw Failed(description: "Name one folder or zip. Usage: \(about.usage)")
        }
        if flags.contains("--dry-run") {
            guard flags == ["--dry-run"] else { throw Failed(description: "--dry-run and --undo do not go together.") }
            return .dryRun(source: source)
        }
        return .importing(source: source)
    }

    func run(using context: inout CommandContext) async throws {
        let request = try Self.request(from: context.input.arguments)
        context.input.arguments = []
        let app = context.application
        let console = context.console
        try await app.autoMigrate().get()
        let imports = app.reportImports(for: .server("import-reports"))
        let localizer = Localizer(language: .english, catalog: app.stringCatalog)
        do {
            switch request {
            case .undo:
                let restored = try await imports.restorePrevious()
                if let library = restored.library {
                    console.print(
                        "The library is back as it was: \(library.title), \(library.reportCount) reports, \(library.pageCount) pages.")
                }
                console.print("Run `kinetic import-reports --undo` again to bring the undone import back.")
            case .dryRun(let source):
                let preview = try await imports.preview(from: URL(fileURLWithPath: source))
                print(preview, to: console)
                print(leftOut: preview.leftOut, localizer: localizer, to: console)
                console.print("Nothing was imported (--dry-run).")
            case .importing(let source):
                let url = URL(fileURLWithPath: source)
                let preview = try await imports.preview(from: url)
                print(preview, to: console)
                print(leftOut: preview.leftOut, localizer: localizer, to: console)
                guard !preview.changes.isEmpty || preview.pagesToRender > 0 else { return }
                // Without a terminal to ask at, --yes must have answered already.
                guard console.confirmOverride != nil || isatty(STDIN_FILENO) == 1 else {
                    throw Failed(description: "Nothing was imported: run again with --yes to import without being asked.")
                }
                let question = preview.leftOut.isEmpty ? "Import it?" : "Import it, leaving \(preview.leftOut.count) report(s) out?"
                guard console.confirm(.init(stringLiteral: question)) else {
                    console.print("Nothing was imported.")
                    return
                }
                let started = ContinuousClock.now
                let summary = try await imports.importLibrary(from: url, previewedAgainst: preview.basis)
                let seconds = started.duration(to: .now) / .seconds(1)
                console.print("Imported the report library from \(url.lastPathComponent):")
                console.print("  categories:       \(summary.categories)")
                console.print(
                    "  reports:          \(summary.reports) (\(summary.added) added, \(summary.updated) updated, \(summary.removed) removed)"
                )
                console.print(
                    "  pages:            \(summary.pages) (\(summary.pagesRendered) rendered from \(summary.rendered) new or changed PDFs)")
                if summary.pagesRecognised > 0 {
                    console.print("  scanned pages:    \(summary.pagesRecognised) (their text recognised by OCR)")
                }
                print(leftOut: summary.leftOut, localizer: localizer, to: console)
                console.print("  time taken:       \(String(format: "%.1f", seconds)) s")
                console.print("`kinetic import-reports --undo` brings back the library as it was.")
            }
        } catch let failure as ReportLibraryProblems {
            let lines = failure.problems.map { "  \($0.path): \(localizer.t($0.messageKey, arguments: $0.arguments))" }
            throw Failed(
                description: "Nothing was imported. The library has \(failure.problems.count) problem(s):\n" + lines.joined(separator: "\n")
            )
        } catch let error as AppError {
            throw Failed(description: localizer.t(error.messageKey, arguments: error.messageArguments))
        }
    }

    /// The reports left out, each with its file and why.
    private func print(leftOut: [ReportLibraryImporter.LeftOut], localizer: Localizer, to console: any Console) {
        guard !leftOut.isEmpty else { return }
        console.print("  \(leftOut.count) report(s) left out, each for the reason given:")
        for report in leftOut {
            console.print(
                "    \(report.title) (\(report.id)), \(report.file): \(localizer.t(report.messageKey, arguments: report.arguments))")
        }
    }

    /// What importing would change, as lines for the terminal.
    private func print(_ preview: ReportLibraryImporter.Preview, to console: any Console) {
        let changes = preview.changes
        console.print(
            "\(preview.library.title): \(preview.library.reports.count) reports in \(preview.library.categories.count) categories, \(preview.pages) pages."
        )
        guard !changes.isEmpty else {
            console.print("Importing it changes nothing.")
            return
        }
        for (name, kind) in [("reports", changes.reports), ("categories", changes.categories)] {
            for (verb, items) in [("added", kind.added), ("changed", kind.changed), ("removed", kind.removed)] where !items.isEmpty {
                console.print(
                    "  \(items.count) \(name) \(verb): " + items.prefix(8).map { "\($0.title) (\($0.id))" }.joined(separator: ", ")
                        + (items.count > 8 ? ", …" : ""))
            }
        }
        if preview.pagesToRender > 0 { console.print("  \(preview.pagesToRender) pages to render.") }
    }
}
