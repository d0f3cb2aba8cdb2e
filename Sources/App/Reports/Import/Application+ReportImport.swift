import Fluent
import Foundation
import KineticCore
import NIOConcurrencyHelpers
import Vapor

extension Application {
    private struct ReportImportGateKey: StorageKey { typealias Value = NIOLockedValueBox<Bool> }

    /// Prepares the one-check-at-a-time gate of this instance; called once by `configure(_:_:)`.
    func prepareReportImports() {
        storage[ReportImportGateKey.self] = NIOLockedValueBox(false)
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

    /// Checks the library zip at `zip` (gone afterwards) and keeps it as the import waiting for
    /// confirmation, in place of any earlier one once it can be imported; every problem at once
    /// (422) when it cannot, and the earlier one stays. The zip waits in the media store, so
    /// any instance can import it.
    func uploadReportImport(zip: URL, for owner: ToolQueue.Owner) async throws -> ReportImportDraft {
        defer { try? FileManager.default.removeItem(at: zip) }
        let draft = try await withReportImport(for: owner) { importer in
            let checking = try reportFiles.stagingFolder()
            defer { try? FileManager.default.removeItem(at: checking) }
            let folder = try await tools(for: owner).runBlocking { try ReportLibraryArchive.unpack(zip, into: checking) }
            return ReportImportDraft(id: UUID(), createdAt: now, preview: try await importer.preview(at: folder))
        }
        let key = try ReportImportJob.zipKey(draft.id)
        try await media.keep(zip, as: key, contentType: "application/zip")
        let replaced: [ReportImportRecord]
        do {
            replaced = try await db.transaction { database in
                let waiting = try await ReportImportRecord.query(on: database).filter(\.$state == .waiting).all()
                try await ReportImportRecord.query(on: database).filter(\.$state == .waiting).delete()
                try await ReportImportRecord(draft).create(on: database)
                return waiting
            }
        } catch {
            try? await media.remove(key)
            throw error
        }
        for record in replaced { await removeReportImportZip(record.id) }
        return draft
    }

    /// The draft `id`, when it is still the one waiting.
    func reportImportDraft(_ id: UUID) async throws -> ReportImportDraft? {
        guard let record = try await ReportImportRecord.find(id, on: db), record.state == .waiting else { return nil }
        return record.decodedDraft
    }

    /// Starts importing the draft `id` as its preview showed it, as a job whichever instance is
    /// free runs (``ReportImportJob``): its status (``ReportImportStatus``) tells how far it
    /// has got and how it ended, while the library stays readable. 404 when the draft is no
    /// longer waiting, 409 while another import runs, and 409 (the draft dropped) when the
    /// library changed since its preview (the import checks that again as it stores).
    func startReportImport(_ id: UUID, for userID: UUID) async throws -> ReportImportStatus {
        guard PDFTools.isAvailable else { throw PDFTools.toolsMissing }
        guard let draft = try await reportImportDraft(id) else { throw ReportImportDraft.gone }
        let current = try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: db)
        guard ReportLibraryImporter.LibraryVersion(importedAt: current?.importedAt) == draft.basis else {
            try await ReportImportRecord.query(on: db).filter(\.$id == id).filter(\.$state == .waiting).delete()
            await removeReportImportZip(id)
            throw ReportLibraryImporter.libraryChanged
        }
        // Whole milliseconds, so the stamp reads back the same from either database.
        let startedAt = Date(timeIntervalSince1970: (now.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        let status = ReportImportStatus(
            id: id, state: .importing, startedAt: startedAt, progress: ReportImportProgress(pagesToRender: draft.pagesToRender))
        let instance = kineticConfiguration.instanceID, enqueuedAt = now
        try await db.transaction { database in
            let sql = try database.sql()
            if sql.dialect.name == "postgresql" {
                // Two confirmations at once take turns here, so the second sees the first.
                try await sql.raw("LOCK TABLE \(ident: ReportImportRecord.schema) IN SHARE ROW EXCLUSIVE MODE").run()
            }
            guard try await ReportImportRecord.query(on: database).filter(\.$state == .importing).first() == nil else {
                throw Self.reportImportRunning
            }
            guard let record = try await ReportImportRecord.find(id, on: database), record.state == .waiting else {
                throw ReportImportDraft.gone
            }
            let job = try await JobQueue(database: database, instance: instance).enqueue(
                ReportImportJob.kind, owner: ReportImportJob.owner, payload: ReportImportJob(importID: id, userID: userID), now: enqueuedAt)
            record.state = .importing
            record.status = try JobQueue.json(status)
            record.jobID = try job.requireID()
            try await record.save(on: database)
        }
        jobs.wakeUp()
        return status
    }

    /// The import `id` as it runs or as it ended; nil when it was never confirmed. An import
    /// whose job ended without saying how (its instance stopped on every try) has failed.
    func reportImportStatus(_ id: UUID) async throws -> ReportImportStatus? {
        guard let record = try await ReportImportRecord.find(id, on: db), var status = record.decodedStatus else { return nil }
        guard record.state == .importing else { return status }
        var job: JobRecord?
        if let jobID = record.jobID { job = try await JobRecord.find(jobID, on: db) }
        guard job?.state.isFinal ?? true else { return status }
        status.state = .failed
        status.finishedAt = job?.finishedAt ?? now
        status.failure = ReportImportStatus.Failure(
            job?.decodedFailure?.appError
                ?? AppError(status: .serviceUnavailable, code: "import_interrupted", messageKey: "error.reports.importInterrupted"))
        return status
    }

    /// The import running now, when one is.
    func runningReportImport() async throws -> ReportImportStatus? {
        guard let record = try await ReportImportRecord.query(on: db).filter(\.$state == .importing).first() else { return nil }
        return try await reportImportStatus(try record.requireID()).flatMap { $0.state == .importing ? $0 : nil }
    }

    /// Writes the status of the import `id` while it runs.
    func saveReportImportStatus(_ status: ReportImportStatus, of id: UUID) async throws {
        try await ReportImportRecord.query(on: db).filter(\.$id == id).filter(\.$state == .importing)
            .set(\.$status, to: try JobQueue.json(status)).update()
    }

    /// Records how the import `id` ended, and lets its zip go.
    func endReportImport(_ id: UUID, as status: ReportImportStatus) async throws {
        try await ReportImportRecord.query(on: db).filter(\.$id == id)
            .set(\.$status, to: try JobQueue.json(status)).set(\.$state, to: .ended).update()
        await removeReportImportZip(id)
    }

    /// The error an import ended with, as the API and the page tell it.
    static func reportImportError(_ error: any Error) -> AppError {
        switch error {
        case let appError as AppError: appError
        case let convertible as any AppErrorConvertible: convertible.appError
        case let failed as ToolProcess.Failed: .toolInterrupted(failed)
        default: ReportImportStatus.failedUnexplained
        }
    }

    /// Drops the draft `id`; 404 when it is no longer waiting.
    func discardReportImport(_ id: UUID) async throws {
        let deleted = try await db.transaction { database in
            guard let record = try await ReportImportRecord.find(id, on: database), record.state == .waiting else { return false }
            try await record.delete(on: database)
            return true
        }
        guard deleted else { throw ReportImportDraft.gone }
        await removeReportImportZip(id)
    }

    private func removeReportImportZip(_ id: UUID?) async {
        guard let id, let key = try? ReportImportJob.zipKey(id) else { return }
        try? await media.remove(key)
    }

    /// 409: an import is running (on this instance or another).
    static let reportImportRunning = AppError.conflict(messageKey: "error.reports.importRunning")

    /// Undoes the last import: the previous library becomes the library again (see
    /// ``ReportLibraryImporter/restorePrevious(now:)``).
    func restorePreviousReportLibrary(for owner: ToolQueue.Owner) async throws -> ReportLibrarySnapshot {
        guard try await runningReportImport() == nil else { throw Self.reportImportRunning }
        return try await withReportImport(for: owner, needsTools: false) { try await $0.restorePrevious(now: now) }
    }

    /// The library an undo would bring back, and when it was replaced; nil when there is none.
    func previousReportLibrary() async throws -> (library: ReportLibrarySnapshot.Library?, replacedAt: Date)? {
        try await PreviousReportLibraryRecord.find(on: db).flatMap { found in found.library.map { ($0.library, found.record.replacedAt) } }
    }

    /// Runs `body` with an importer, one check, preview or undo at a time on this instance: a
    /// second while one runs is a 409. (Across instances and `kinetic import-reports`, the
    /// store checks that no other import came first.)
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
            throw Self.reportImportRunning
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
