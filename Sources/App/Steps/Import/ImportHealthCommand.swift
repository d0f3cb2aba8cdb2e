import Fluent
import Foundation
import KineticCore
import Vapor

/// `kinetic import-health <file> --user <email>`: imports an Apple Health export from the
/// command line, with progress on a terminal and a summary at the end.
struct ImportHealthCommand: AsyncCommand, KineticCommand {
    struct Signature: CommandSignature {
        @Argument(name: "file", help: "export.zip from the Health app, or the export.xml inside it")
        var file: String

        @Option(name: "user", help: "the e-mail address of the account to import into")
        var user: String?
    }

    static let about = CommandHelp(
        name: "import-health", summary: "Imports an Apple Health export (export.zip or export.xml) into an account.",
        usage: "kinetic import-health FILE --user EMAIL",
        options: [("FILE", "export.zip from the Health app, or the export.xml inside it"), ("--user EMAIL", "the account to import into")]
    )

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let email = signature.user?.lowercased() else {
            throw ImportFailed(message: "Name the account with --user <email>.")
        }
        let app = context.application
        try await app.autoMigrate().get()
        guard let user = try await User.query(on: app.db).filter(\.$email == email).first() else {
            throw ImportFailed(message: "No account with the e-mail address \(email).")
        }
        let url = URL(fileURLWithPath: signature.file)
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw ImportFailed(message: "Cannot read \(url.path).")
        }
        let isTerminal = isatty(STDOUT_FILENO) == 1
        let reporter = ProgressReporter(isTerminal: isTerminal)
        do {
            let today = app.userCalendar(for: user).today
            let importer = HealthImporter(
                database: app.importDatabase, userID: try user.requireID(),
                limits: StepSampleLimits(today: today), exportLimits: app.kineticConfiguration.exportLimits
            )
            let started = ContinuousClock.now
            let summary = try await importer.importExport(
                at: url, recordedAt: app.now, progress: { done, total in reporter.report(done: done, total: total) })
            let seconds = started.duration(to: .now) / .seconds(1)
            reporter.clear()
            context.console.print("Imported \(url.lastPathComponent) into \(email):")
            context.console.print("  records read:       \(summary.recordsRead)")
            context.console.print("  step samples kept:  \(summary.stepSamples)")
            if summary.samplesSkipped > 0 {
                context.console.print(
                    "  skipped as implausible (over 100,000 steps or 24 h, or dated before 2000 or after tomorrow): \(summary.samplesSkipped)"
                )
            }
            context.console.print("  days updated:       \(summary.daysUpdated)")
            if let days = summary.days {
                context.console.print("  dates:              \(days.lowerBound) to \(days.upperBound)")
            }
            context.console.print("  time taken:         \(String(format: "%.1f", seconds)) s")
        } catch {
            reporter.clear()
            throw ImportFailed(message: "Nothing was imported. \(error)")
        }
    }
}

/// A failed import: Vapor prints the message and the command exits with a failure status.
struct ImportFailed: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Prints "Reading… 42 %" in place on a terminal, at most once per percent.
private final class ProgressReporter: @unchecked Sendable {
    private let isTerminal: Bool
    private var lastPercent = -1

    init(isTerminal: Bool) { self.isTerminal = isTerminal }

    func report(done: Int, total: Int?) {
        guard isTerminal else { return }
        let text: String
        if let total, total > 0 {
            let percent = min(100, done * 100 / total)
            guard percent != lastPercent else { return }
            lastPercent = percent
            text = "Reading… \(percent) %"
        } else {
            text = "Reading… \(done / 1_048_576) MB"
        }
        FileHandle.standardOutput.write(Data(("\r" + text).utf8))
    }

    func clear() {
        if isTerminal && lastPercent >= 0 { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
    }
}
