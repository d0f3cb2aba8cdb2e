import Foundation
import KineticCore
import NIOConcurrencyHelpers

/// How far a confirmed import has got: the pages of new or changed PDFs rendered, and the
/// pages without text recognised by OCR (known once each PDF's text has been read).
struct ReportImportProgress: Codable, Equatable, Sendable {
    var pagesToRender = 0
    var pagesRendered = 0
    var pagesToRecognise = 0
    var pagesRecognised = 0
}

/// A confirmed import running in the background, or how the last one ended, kept as
/// `.report-import/import-status.json` in the media directory so the Import page and the API can
/// follow it while the library stays readable (and an instance sharing the directory sees it
/// too). An instance that starts finds one still importing from before a crash and marks it
/// failed.
struct ReportImportStatus: Codable, Equatable, Sendable {
    enum State: String, Codable, Sendable {
        case importing, imported, failed
    }

    /// The import's id: the draft it imports.
    let id: UUID
    var state: State
    let startedAt: Date
    var finishedAt: Date?
    var progress: ReportImportProgress
    var summary: ReportLibraryImporter.Summary?
    var failure: Failure?

    /// Why an import failed, as the error it ended with.
    struct Failure: Codable, Equatable, Sendable {
        let status: Int
        let code: String
        let messageKey: String
        let messageArguments: [String]
        /// A message key per field path, and what fills it.
        let fields: [String: String]
        let fieldArguments: [String: [String]]

        init(_ error: AppError) {
            status = Int(error.status.code)
            code = error.code
            messageKey = error.messageKey
            messageArguments = error.messageArguments
            fields = error.fields.messages
            fieldArguments = error.fieldArguments
        }

        var appError: AppError {
            AppError(
                status: .init(statusCode: status), code: code, messageKey: messageKey, messageArguments: messageArguments,
                fields: FieldErrors(fields), fieldArguments: fieldArguments)
        }
    }

    /// 500: the import failed for a reason it could not tell (the server's log has it).
    static let failedUnexplained = AppError(status: .internalServerError, code: "import_failed", messageKey: "error.reports.importFailed")

    /// 404: the import asked for is not the one running or last run.
    static let unknown = AppError(status: .notFound, code: "import_not_found", messageKey: "error.reports.importGone")

    static func read(from file: URL) -> ReportImportStatus? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(ReportImportStatus.self, from: data)
    }

    func write(to file: URL) throws {
        try JSONEncoder().encode(self).write(to: file, options: .atomic)
    }
}

/// Keeps an import's status file up to date as it goes: progress is written at most twice a
/// second, the start and the end at once.
final class ReportImportTracker: Sendable {
    private let file: URL
    private let state: NIOLockedValueBox<(status: ReportImportStatus, written: Date)>

    init(starting status: ReportImportStatus, at file: URL) throws {
        self.file = file
        state = NIOLockedValueBox((status, Date()))
        try status.write(to: file)
    }

    var status: ReportImportStatus { state.withLockedValue { $0.status } }

    /// Changes the progress; writes it when the last write is half a second old.
    func update(_ change: (inout ReportImportProgress) -> Void) {
        let toWrite: ReportImportStatus? = state.withLockedValue { state in
            change(&state.status.progress)
            guard Date().timeIntervalSince(state.written) >= 0.5 else { return nil }
            state.written = Date()
            return state.status
        }
        try? toWrite?.write(to: file)
    }

    /// Records how the import ended.
    func finish(_ result: Result<ReportLibraryImporter.Summary, AppError>, at date: Date) {
        let status = state.withLockedValue { state in
            state.status.finishedAt = date
            switch result {
            case .success(let summary):
                state.status.state = .imported
                state.status.summary = summary
            case .failure(let error):
                state.status.state = .failed
                state.status.failure = ReportImportStatus.Failure(error)
            }
            return state.status
        }
        try? status.write(to: file)
    }
}
