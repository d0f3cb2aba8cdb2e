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

/// A confirmed import running in the background, or how it ended, kept in its
/// ``ReportImportRecord`` so the Import page and the API of any instance can follow it while
/// the library stays readable.
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
}

/// Keeps an import's status up to date as it goes: progress is written at most twice a second,
/// one write after another (`write` is the import's row), and the end once the writes before it
/// are done.
final class ReportImportTracker: Sendable {
    private let state: NIOLockedValueBox<(status: ReportImportStatus, written: Date)>
    private let writes: AsyncStream<ReportImportStatus>.Continuation
    private let writer: Task<Void, Never>

    init(starting status: ReportImportStatus, write: @escaping @Sendable (ReportImportStatus) async -> Void) {
        state = NIOLockedValueBox((status, Date()))
        let (stream, writes) = AsyncStream<ReportImportStatus>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.writes = writes
        writer = Task {
            for await status in stream { await write(status) }
        }
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
        if let toWrite { writes.yield(toWrite) }
    }

    /// How the import ended, once the progress written before it is: the status to keep.
    func finish(_ result: Result<ReportLibraryImporter.Summary, AppError>, at date: Date) async -> ReportImportStatus {
        writes.finish()
        await writer.value
        return state.withLockedValue { state in
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
    }

    /// Stops writing progress (the try was given back); what was written stays.
    func abandon() async {
        writes.finish()
        await writer.value
    }
}
