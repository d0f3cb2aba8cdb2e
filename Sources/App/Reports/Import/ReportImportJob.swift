import Fluent
import Foundation
import KineticCore
import Vapor

/// Importing a confirmed library, as a background job (`report.import`) that whichever instance
/// is free runs: the worker copies the uploaded zip from the media store to its own disk,
/// unpacks it, renders what changed and stores the library (``ReportLibraryImporter``), writing
/// the import's status into its ``ReportImportRecord`` as it goes. All imports share one owner,
/// so one runs at a time across every instance.
///
/// The library is stamped with the time the import was confirmed, never the time a try ran: a
/// try that follows a crash after the store finds the library changed since the preview, with
/// its own stamp, and ends as imported instead of refusing it.
struct ReportImportJob: Codable, Sendable {
    static let kind = "report.import"
    /// The jobs' one owner.
    static let owner = "report-library"

    let importID: UUID
    /// The administrator who confirmed it, in whose turn the tools run.
    let userID: UUID

    struct Result: Codable, Sendable {
        let importId: String
    }

    /// Where an upload waits for its import.
    static func zipKey(_ id: UUID) throws -> MediaKey {
        try MediaKey("incoming/report-imports/\(id.uuidString.lowercased())")
    }

    /// The zips imports still wait for: those waiting for confirmation or importing.
    static func waitingZips(_ app: Application) async throws -> Set<MediaKey> {
        let records = try await ReportImportRecord.query(on: app.db).filter(\.$state != .ended).all()
        return Set(records.compactMap { $0.id.flatMap { try? zipKey($0) } })
    }

    static func run(_ job: JobRecord, _ app: Application) async throws -> Result {
        let input = try JSONDecoder().decode(ReportImportJob.self, from: Data(job.payload.utf8))
        let result = Result(importId: input.importID.uuidString.lowercased())
        guard let record = try await ReportImportRecord.find(input.importID, on: app.db), record.state == .importing else { return result }
        guard let draft = record.decodedDraft, let started = record.decodedStatus else {
            // Written by a later version: this one cannot import it, and says so.
            throw AppError(status: .conflict, code: "import_unreadable", messageKey: "error.reports.importFailed")
        }
        let imports = app.reportImports(for: .user(input.userID))
        let tracker = ReportImportTracker(starting: started) { status in
            try? await imports.saveStatus(status, of: input.importID)
        }
        let summary: ReportLibraryImporter.Summary
        do {
            summary = try await importLibrary(draft, stampedAt: started.startedAt, tracker: tracker, imports)
        } catch {
            let cancelled = error is CancellationError || Task.isCancelled
            guard !cancelled, JobWorkers.failure(error).permanent || job.attempt >= job.maxAttempts else {
                // Given back or tried again: the status keeps saying it imports.
                await tracker.abandon()
                throw error
            }
            let appError = ReportImports.appError(for: error)
            if appError.status == .internalServerError { app.logger.error("The report import failed: \(String(reflecting: error))") }
            try await imports.end(input.importID, as: await tracker.finish(.failure(appError), at: imports.clock.now))
            try? await notifyEnd(of: input, app) { l in
                (l.t("notifications.reportImport.failed"), l.t(appError.messageKey, arguments: appError.messageArguments))
            }
            throw error
        }
        try await imports.end(input.importID, as: await tracker.finish(.success(summary), at: imports.clock.now))
        try? await notifyEnd(of: input, app) { l in
            let told = l.t("notifications.reportImport.summary", l.number(summary.reports), l.number(summary.pages))
            return (
                l.t("notifications.reportImport.done"),
                summary.leftOut.isEmpty
                    ? told : told + " " + l.t("notifications.reportImport.leftOut", l.plural("reports.count", count: summary.leftOut.count))
            )
        }
        return result
    }

    /// Tells the administrator who started the import that it ended (a notification lost to a
    /// failing database costs nothing but the notification: the import's end is kept).
    private static func notifyEnd(
        of input: ReportImportJob, _ app: Application, words: @escaping (Localizer) -> (String, String)
    ) async throws {
        let id = input.importID.uuidString.lowercased()
        try await app.pushNotifier.notify(input.userID, of: .reportImport, on: app.db) { l in
            let (title, body) = words(l)
            return PushMessage(
                kind: .reportImport, title: title, body: body, url: SiteURL.reports(.importLibrary).path,
                topic: "import-" + String(id.prefix(25)))
        }
    }

    /// Imports `draft` from its zip in the store, or, when an earlier try already stored it,
    /// says what that try did.
    private static func importLibrary(
        _ draft: ReportImportDraft, stampedAt stamp: Date, tracker: ReportImportTracker, _ imports: ReportImports
    ) async throws -> ReportLibraryImporter.Summary {
        let current = try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: imports.database)
        if ReportLibraryImporter.LibraryVersion(importedAt: current?.importedAt) != draft.basis, let importedAt = current?.importedAt,
            abs(importedAt.timeIntervalSince(stamp)) < 0.001
        {
            return draft.summary
        }
        guard PDFTools.isAvailable else { throw PDFTools.toolsMissing }
        let work = try imports.files.stagingFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let zip = work.appendingPathComponent("library.zip")
        let unpacked = work.appendingPathComponent("library")
        guard try await imports.files.store.download(try zipKey(draft.id), to: zip) else { throw ReportImportDraft.gone }
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        let folder = try await imports.tools.runBlocking { try ReportLibraryArchive.unpack(zip, into: unpacked) }
        return try await imports.importer.importLibrary(at: folder, now: stamp, previewedAgainst: draft.basis, tracker: tracker)
    }
}
