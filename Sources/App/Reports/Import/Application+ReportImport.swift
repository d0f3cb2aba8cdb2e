import Foundation
import KineticCore
import NIOConcurrencyHelpers
import Vapor

extension Application {
    private struct ReportImportGateKey: StorageKey { typealias Value = NIOLockedValueBox<Bool> }
    private struct RunningReportImportKey: StorageKey {
        typealias Value = NIOLockedValueBox<Task<ReportLibraryImporter.Summary, any Error>?>
    }

    /// Prepares the one-import-at-a-time gate and the place of the import running in the
    /// background, which a shutdown waits for; called once by `configure(_:_:)`.
    func prepareReportImports() {
        storage[ReportImportGateKey.self] = NIOLockedValueBox(false)
        storage[RunningReportImportKey.self] = NIOLockedValueBox(nil)
        lifecycle.use(RunningReportImportHandler())
    }

    /// The import running in the background on this instance, if any.
    var runningReportImport: Task<ReportLibraryImporter.Summary, any Error>? {
        storage.configured(RunningReportImportKey.self, "the running report import").withLockedValue { $0 }
    }

    private struct RunningReportImportHandler: LifecycleHandler {
        func shutdownAsync(_ application: Application) async {
            _ = try? await application.runningReportImport?.value
        }
    }

    /// Where the report library's files live.
    var reportFiles: ReportFiles {
        ReportFiles(store: media, mediaDirectory: kineticConfiguration.mediaDirectory)
    }

    /// Imports the report library from a folder or a zip of one (see ``ReportLibraryImporter``),
    /// refused (409) when the library is no longer the one `previewedAgainst` names. Its tool
    /// work runs in `owner`'s turn.
    func importReportLibrary(
        from source: URL, for owner: ToolQueue.Owner, previewedAgainst basis: ReportLibraryImporter.LibraryVersion? = nil
    ) async throws -> ReportLibraryImporter.Summary {
        try await withReportImport(for: owner) { importer in
            try await withLibraryFolder(source, for: owner) { try await importer.importLibrary(at: $0, now: now, previewedAgainst: basis) }
        }
    }

    /// What importing the library at `source` (a folder or zip) would change; stores nothing.
    func previewReportLibrary(from source: URL, for owner: ToolQueue.Owner) async throws -> ReportLibraryImporter.Preview {
        try await withReportImport(for: owner) { importer in
            try await withLibraryFolder(source, for: owner) { try await importer.preview(at: $0) }
        }
    }

    /// Checks the library zip at `zip` and keeps it as the import waiting for confirmation,
    /// in place of any earlier one once it can be imported; every problem at once (422) when
    /// it cannot, and the earlier one stays.
    func uploadReportImport(zip: URL, for owner: ToolQueue.Owner) async throws -> ReportImportDraft {
        try await withReportImport(for: owner) { importer in
            let checking = ReportImportDraft.Place(folder: reportFiles.newDraftFolder())
            do {
                try FileManager.default.createDirectory(at: checking.unpacked, withIntermediateDirectories: true)
                let folder = try await tools(for: owner).runBlocking { try ReportLibraryArchive.unpack(zip, into: checking.unpacked) }
                let preview = try await importer.preview(at: folder)
                let libraryPath = String(folder.standardizedFileURL.path.dropFirst(checking.unpacked.standardizedFileURL.path.count))
                let draft = ReportImportDraft(
                    id: UUID(), createdAt: now, libraryPath: libraryPath.trimmingCharacters(in: ["/"]), preview: preview)
                try checking.write(draft)
                let waiting = ReportImportDraft.Place(folder: reportFiles.draftFolder)
                waiting.clear()
                try FileManager.default.moveItem(at: checking.folder, to: waiting.folder)
                return draft
            } catch {
                checking.clear()
                throw error
            }
        }
    }

    /// The draft `id`, when it is still the one waiting.
    func reportImportDraft(_ id: UUID) -> ReportImportDraft? {
        ReportImportDraft.Place(folder: reportFiles.draftFolder).read().flatMap { $0.id == id ? $0 : nil }
    }

    /// Starts importing the draft `id` as its preview showed it, in the background: its status
    /// (``ReportImportStatus``) tells how far it has got and how it ended, while the library
    /// stays readable. 404 when the draft is no longer waiting, 409 while another import runs,
    /// and 409 (the draft dropped) when the library changed since its preview (the import
    /// checks that again as it stores).
    func startReportImport(_ id: UUID, for owner: ToolQueue.Owner) async throws -> ReportImportStatus {
        guard PDFTools.isAvailable else { throw PDFTools.toolsMissing }
        try enterReportImport()
        do {
            let place = ReportImportDraft.Place(folder: reportFiles.draftFolder)
            guard let draft = place.read(), draft.id == id else { throw ReportImportDraft.gone }
            let current = try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: db)
            guard ReportLibraryImporter.LibraryVersion(importedAt: current?.importedAt) == draft.basis else {
                place.clear()
                throw ReportLibraryImporter.libraryChanged
            }
            let folder = draft.libraryPath.isEmpty ? place.unpacked : place.unpacked.appendingPathComponent(draft.libraryPath)
            let tracker = try ReportImportTracker(
                starting: ReportImportStatus(
                    id: id, state: .importing, startedAt: now, progress: ReportImportProgress(pagesToRender: draft.pagesToRender)),
                at: reportFiles.importStatus)
            let importer = ReportLibraryImporter(database: db, files: reportFiles, tools: PDFTools(), threads: tools(for: owner))
            let task = Task { [self] in
                defer { leaveReportImport() }
                do {
                    let summary = try await importer.importLibrary(at: folder, now: now, previewedAgainst: draft.basis, tracker: tracker)
                    place.clear()
                    tracker.finish(.success(summary), at: now)
                    return summary
                } catch {
                    let appError = Self.reportImportError(error)
                    if appError.code == ReportLibraryImporter.libraryChanged.code { place.clear() }
                    if appError.status == .internalServerError { logger.error("The report import failed: \(String(reflecting: error))") }
                    tracker.finish(.failure(appError), at: now)
                    throw error
                }
            }
            storage.configured(RunningReportImportKey.self, "the running report import").withLockedValue { $0 = task }
            return tracker.status
        } catch {
            leaveReportImport()
            throw error
        }
    }

    /// Imports the draft `id` and waits for it (``startReportImport(_:for:)``): what the
    /// import did, or the error it ended with.
    func confirmReportImport(_ id: UUID, for owner: ToolQueue.Owner) async throws -> ReportLibraryImporter.Summary {
        _ = try await startReportImport(id, for: owner)
        guard let task = runningReportImport else { throw ReportImportStatus.unknown }
        return try await task.value
    }

    /// The import `id` as it runs or as it ended; nil when it is not the one running or last run.
    func reportImportStatus(_ id: UUID) -> ReportImportStatus? {
        ReportImportStatus.read(from: reportFiles.importStatus).flatMap { $0.id == id ? $0 : nil }
    }

    /// Marks an import left running by an instance that stopped (a crash, a kill) as failed;
    /// called at start, when no import of this instance can be running.
    func markInterruptedReportImport() {
        guard var status = ReportImportStatus.read(from: reportFiles.importStatus), status.state == .importing else { return }
        status.state = .failed
        status.finishedAt = now
        status.failure = ReportImportStatus.Failure(
            AppError(status: .serviceUnavailable, code: "import_interrupted", messageKey: "error.reports.importInterrupted"))
        try? status.write(to: reportFiles.importStatus)
    }

    /// The error an import ended with, as the API and the page tell it.
    private static func reportImportError(_ error: any Error) -> AppError {
        switch error {
        case let appError as AppError: appError
        case let convertible as any AppErrorConvertible: convertible.appError
        case let failed as ToolProcess.Failed: .toolInterrupted(failed)
        default: ReportImportStatus.failedUnexplained
        }
    }

    /// Drops the draft `id`; 404 when it is no longer waiting, 409 while an import runs (it may
    /// be this one's).
    func discardReportImport(_ id: UUID) async throws {
        try await withReportImport(for: .server("import-discard"), needsTools: false) { _ in
            let place = ReportImportDraft.Place(folder: reportFiles.draftFolder)
            guard place.read()?.id == id else { throw ReportImportDraft.gone }
            place.clear()
        }
    }

    /// Undoes the last import: the previous library becomes the library again (see
    /// ``ReportLibraryImporter/restorePrevious(now:)``).
    func restorePreviousReportLibrary(for owner: ToolQueue.Owner) async throws -> ReportLibrarySnapshot {
        try await withReportImport(for: owner, needsTools: false) { try await $0.restorePrevious(now: now) }
    }

    /// The library an undo would bring back, and when it was replaced; nil when there is none.
    func previousReportLibrary() async throws -> (library: ReportLibrarySnapshot.Library?, replacedAt: Date)? {
        try await PreviousReportLibraryRecord.find(on: db).flatMap { found in found.library.map { ($0.library, found.record.replacedAt) } }
    }

    /// Runs `body` with an importer, one import, preview, discard or undo at a time on this
    /// instance: a second while one runs is a 409. (Across instances and `kinetic
    /// import-reports`, the store checks that no other import came first.)
    private func withReportImport<T>(
        for owner: ToolQueue.Owner, needsTools: Bool = true, _ body: (ReportLibraryImporter) async throws -> T
    ) async throws -> T {
        guard !needsTools || PDFTools.isAvailable else { throw PDFTools.toolsMissing }
        try enterReportImport()
        defer { leaveReportImport() }
        return try await body(ReportLibraryImporter(database: db, files: reportFiles, tools: PDFTools(), threads: tools(for: owner)))
    }

    /// Takes the one-import-at-a-time gate; 409 while it is taken.
    private func enterReportImport() throws {
        let gate = storage.configured(ReportImportGateKey.self, "the report import gate")
        guard
            gate.withLockedValue({ running in
                defer { running = true }
                return !running
            })
        else {
            throw AppError.conflict(messageKey: "error.reports.importRunning")
        }
    }

    private func leaveReportImport() {
        storage.configured(ReportImportGateKey.self, "the report import gate").withLockedValue { $0 = false }
    }

    /// Runs `body` on the library folder of `source`: the folder itself, or a zip unpacked
    /// into the upload directory for the time of `body`.
    private func withLibraryFolder<T>(_ source: URL, for owner: ToolQueue.Owner, _ body: (URL) async throws -> T) async throws -> T {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder) else {
            throw ReportLibraryProblems([ReportLibraryProblem(source.lastPathComponent, "error.reports.source.missing")])
        }
        guard !isFolder.boolValue else { return try await body(source) }
        let unpacked = URL(fileURLWithPath: kineticConfiguration.uploadDirectory).appendingPathComponent(
            "upload-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: unpacked) }
        return try await body(try await tools(for: owner).runBlocking { try ReportLibraryArchive.unpack(source, into: unpacked) })
    }
}
