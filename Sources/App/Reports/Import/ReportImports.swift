import Fluent
import Foundation
import KineticCore
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// The Reports module's import, for one administrator or command: checks a library (a folder,
/// or a zip of one; see ``ReportLibraryImporter``), keeps an upload waiting for confirmation,
/// imports a confirmed one as a job whichever instance is free runs (``ReportImportJob``), tells
/// how it stands, and undoes the last import. Built from values: the database, the library's
/// files in the media store, the tool line of whoever asks, the job client, the clock and this
/// instance's one-check-at-a-time gate; ``Application/reportImports(for:)`` makes the live one.
struct ReportImports: Sendable {
    let database: any Database
    /// Where the library's files live.
    let files: ReportFiles
    /// The tool line of whoever asks (administrator, job or command).
    let tools: ToolRunner
    /// Where a confirmed import goes to be run.
    let jobs: JobClient
    let clock: KineticClock
    /// This instance's one check, preview or undo at a time.
    let gate: ReportImportGate
    /// Where a zip given to ``importLibrary(from:previewedAgainst:)`` or ``preview(from:)`` is unpacked.
    let uploadDirectory: URL
    /// This instance's name on the jobs it puts in.
    let instance: String
    let logger: Logger

    private var now: Date { clock.now }

    /// Imports the report library from a folder or a zip of one (see ``ReportLibraryImporter``),
    /// refused (409) when the library is no longer the one `previewedAgainst` names.
    func importLibrary(
        from source: URL, previewedAgainst basis: ReportLibraryImporter.LibraryVersion? = nil
    ) async throws -> ReportLibraryImporter.Summary {
        try await withImporter { importer in
            try await withLibraryFolder(source) { try await importer.importLibrary(at: $0, now: now, previewedAgainst: basis) }
        }
    }

    /// What importing the library at `source` (a folder or zip) would change; stores nothing.
    func preview(from source: URL) async throws -> ReportLibraryImporter.Preview {
        try await withImporter { importer in
            try await withLibraryFolder(source) { try await importer.preview(at: $0) }
        }
    }

    /// Checks the library zip at `zip` (gone afterwards) and keeps it as the import waiting for
    /// confirmation, in place of any earlier one once it can be imported; every problem at once
    /// (422) when it cannot, and the earlier one stays. The zip waits in the media store, so
    /// any instance can import it.
    func upload(zip: URL) async throws -> ReportImportDraft {
        defer { try? FileManager.default.removeItem(at: zip) }
        let draft = try await withImporter { importer in
            let checking = try files.stagingFolder()
            defer { try? FileManager.default.removeItem(at: checking) }
            let folder = try await tools.runBlocking { try ReportLibraryArchive.unpack(zip, into: checking) }
            return ReportImportDraft(id: UUID(), createdAt: now, preview: try await importer.preview(at: folder))
        }
        let key = try ReportImportJob.zipKey(draft.id)
        try await files.store.keep(zip, as: key, contentType: "application/zip")
        let replaced: [UUID]
        do {
            replaced = try await database.writeTransaction { database in
                let replaced = try await Self.deleteWaitingImports(on: database)
                try await ReportImportRecord(draft).create(on: database)
                return replaced
            }
        } catch {
            try? await files.store.remove(key)
            throw error
        }
        for id in replaced { await removeZip(id) }
        return draft
    }

    /// Deletes the drafts waiting for confirmation (`id` alone, or every one); the ids deleted.
    /// A draft confirmed meanwhile is no longer waiting and stays.
    private static func deleteWaitingImports(_ id: UUID? = nil, on database: any Database) async throws -> [UUID] {
        let only: SQLQueryString = id.map { "AND id = \(bind: $0)" } ?? ""
        return try await database.sql().raw(
            "DELETE FROM \(ident: ReportImportRecord.schema) WHERE state = 'waiting' \(only) RETURNING id"
        ).all(decodingColumn: "id", as: UUID.self)
    }

    /// The draft `id`, when it is still the one waiting.
    func draft(_ id: UUID) async throws -> ReportImportDraft? {
        guard let record = try await ReportImportRecord.find(id, on: database), record.state == .waiting else { return nil }
        return record.decodedDraft
    }

    /// Starts importing the draft `id` as its preview showed it, as a job whichever instance is
    /// free runs (``ReportImportJob``): its status (``ReportImportStatus``) tells how far it
    /// has got and how it ended, while the library stays readable. 404 when the draft is no
    /// longer waiting, 409 while another import runs, and 409 (the draft dropped) when the
    /// library changed since its preview (the import checks that again as it stores).
    func start(_ id: UUID, for userID: UUID) async throws -> ReportImportStatus {
        guard PDFTools.isAvailable else { throw PDFTools.toolsMissing }
        guard let draft = try await draft(id) else { throw ReportImportDraft.gone }
        let current = try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: database)
        guard ReportLibraryImporter.LibraryVersion(importedAt: current?.importedAt) == draft.basis else {
            if !(try await Self.deleteWaitingImports(id, on: database)).isEmpty { await removeZip(id) }
            throw ReportLibraryImporter.libraryChanged
        }
        // Whole milliseconds, so the stamp reads back the same from either database.
        let startedAt = Date(timeIntervalSince1970: (now.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        let status = ReportImportStatus(
            id: id, state: .importing, startedAt: startedAt, progress: ReportImportProgress(pagesToRender: draft.pagesToRender))
        let statusJSON = try JobQueue.json(status)
        let instance = self.instance, enqueuedAt = now, jobID = UUID()
        let lost = try await database.writeTransaction { database in
            let sql = try database.sql()
            if sql.dialect.name == "postgresql" {
                // Two confirmations at once take turns here, so the second sees the first.
                try await sql.raw("LOCK TABLE \(ident: ReportImportRecord.schema) IN SHARE ROW EXCLUSIVE MODE").run()
            }
            // The write comes first: SQLite takes its write lock before it reads anything, so a
            // second confirmation at once waits for the first instead of failing.
            let start: SQLQueryString = """
                UPDATE \(ident: ReportImportRecord.schema) SET state = 'importing', status = \(bind: statusJSON), job_id = \(bind: jobID)
                WHERE id = \(bind: id) AND state = 'waiting'
                AND NOT EXISTS (SELECT 1 FROM \(ident: ReportImportRecord.schema) WHERE state = 'importing') RETURNING id
                """
            var started = try await sql.raw(start).all()
            var lost: [UUID] = []
            if started.isEmpty {
                // An import whose job ended without ending it blocks nothing: it is closed first.
                lost = try await Self.closeLostImports(on: database, now: enqueuedAt)
                if !lost.isEmpty { started = try await sql.raw(start).all() }
            }
            guard !started.isEmpty else {
                let running = try await ReportImportRecord.query(on: database).filter(\.$state == .importing).first()
                throw running == nil ? ReportImportDraft.gone : Self.alreadyRunning
            }
            try await JobQueue(database: database, instance: instance).enqueue(
                ReportImportJob.kind, owner: ReportImportJob.owner, payload: ReportImportJob(importID: id, userID: userID), id: jobID,
                now: enqueuedAt)
            return lost
        }
        for id in lost { await removeZip(id) }
        jobs.wakeUp()
        return status
    }

    /// The import `id` as it runs or as it ended; nil when it was never confirmed.
    func status(_ id: UUID) async throws -> ReportImportStatus? {
        guard let record = try await ReportImportRecord.find(id, on: database), let status = record.decodedStatus else { return nil }
        guard record.state == .importing else { return status }
        return try await Self.endedStatus(of: record, on: database, now: now) ?? status
    }

    /// How an import still marked importing ended, when its job did (or is gone): the job's
    /// end written into it. One whose job completed had stored its library and stopped before
    /// saying so; one discarded failed with the job's error, or, without one (every try's
    /// instance stopped), as interrupted. Nil while its job runs or waits.
    private static func endedStatus(of record: ReportImportRecord, on database: any Database, now: Date) async throws -> ReportImportStatus?
    {
        guard var status = record.decodedStatus else { return nil }
        var job: JobRecord?
        if let jobID = record.jobID { job = try await JobRecord.find(jobID, on: database) }
        guard job?.state.isFinal ?? true else { return nil }
        status.finishedAt = job?.finishedAt ?? now
        if job?.state == .completed, let draft = record.decodedDraft {
            status.state = .imported
            status.summary = draft.summary
        } else {
            status.state = .failed
            status.failure = ReportImportStatus.Failure(
                job?.decodedFailure?.appError
                    ?? AppError(status: .serviceUnavailable, code: "import_interrupted", messageKey: "error.reports.importInterrupted"))
        }
        return status
    }

    /// Ends the imports still marked importing whose jobs ended (or are gone), as
    /// ``endedStatus(of:on:now:)`` tells; their ids, whose zips can go.
    private static func closeLostImports(on database: any Database, now: Date) async throws -> [UUID] {
        var closed: [UUID] = []
        for record in try await ReportImportRecord.query(on: database).filter(\.$state == .importing).all() {
            guard let status = try await endedStatus(of: record, on: database, now: now) else { continue }
            record.state = .ended
            record.status = try JobQueue.json(status)
            try await record.save(on: database)
            closed.append(try record.requireID())
        }
        return closed
    }

    /// The import running now, when one is.
    func running() async throws -> ReportImportStatus? {
        guard let record = try await ReportImportRecord.query(on: database).filter(\.$state == .importing).first() else { return nil }
        return try await status(try record.requireID()).flatMap { $0.state == .importing ? $0 : nil }
    }

    /// Writes the status of the import `id` while it runs.
    func saveStatus(_ status: ReportImportStatus, of id: UUID) async throws {
        try await ReportImportRecord.query(on: database).filter(\.$id == id).filter(\.$state == .importing)
            .set(\.$status, to: try JobQueue.json(status)).update()
    }

    /// Records how the import `id` ended, and lets its zip go.
    func end(_ id: UUID, as status: ReportImportStatus) async throws {
        try await ReportImportRecord.query(on: database).filter(\.$id == id)
            .set(\.$status, to: try JobQueue.json(status)).set(\.$state, to: .ended).update()
        await removeZip(id)
    }

    /// The error an import ended with, as the API and the page tell it.
    static func appError(for error: any Error) -> AppError {
        switch error {
        case let appError as AppError: appError
        case let convertible as any AppErrorConvertible: convertible.appError
        case let failed as ToolProcess.Failed: .toolInterrupted(failed)
        default: ReportImportStatus.failedUnexplained
        }
    }

    /// Drops the draft `id`; 404 when it is no longer waiting.
    func discard(_ id: UUID) async throws {
        guard !(try await Self.deleteWaitingImports(id, on: database)).isEmpty else { throw ReportImportDraft.gone }
        await removeZip(id)
    }

    private func removeZip(_ id: UUID?) async {
        guard let id, let key = try? ReportImportJob.zipKey(id) else { return }
        try? await files.store.remove(key)
    }

    /// 409: an import is running (on this instance or another).
    static let alreadyRunning = AppError.conflict(messageKey: "error.reports.importRunning")

    /// Undoes the last import: the previous library becomes the library again (see
    /// ``ReportLibraryImporter/restorePrevious(now:)``).
    func restorePrevious() async throws -> ReportLibrarySnapshot {
        guard try await running() == nil else { throw Self.alreadyRunning }
        return try await withImporter(needsTools: false) { try await $0.restorePrevious(now: now) }
    }

    /// The library an undo would bring back, and when it was replaced; nil when there is none.
    func previousLibrary() async throws -> (library: ReportLibrarySnapshot.Library?, replacedAt: Date)? {
        try await PreviousReportLibraryRecord.find(on: database).flatMap { found in
            found.library.map { ($0.library, found.record.replacedAt) }
        }
    }

    /// Runs `body` with an importer, one check, preview or undo at a time on this instance: a
    /// second while one runs is a 409. (Across instances and `kinetic import-reports`, the
    /// store checks that no other import came first.)
    private func withImporter<T>(needsTools: Bool = true, _ body: (ReportLibraryImporter) async throws -> T) async throws -> T {
        guard !needsTools || PDFTools.isAvailable else { throw PDFTools.toolsMissing }
        try gate.enter()
        defer { gate.leave() }
        return try await body(importer)
    }

    /// The importer of this library, its tool work in this line.
    var importer: ReportLibraryImporter {
        ReportLibraryImporter(database: database, files: files, tools: PDFTools(), threads: tools, logger: logger)
    }

    /// Runs `body` on the library folder of `source`: the folder itself, or a zip unpacked
    /// into the upload directory for the time of `body`.
    private func withLibraryFolder<T>(_ source: URL, _ body: (URL) async throws -> T) async throws -> T {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder) else {
            throw ReportLibraryProblems([ReportLibraryProblem(source.lastPathComponent, "error.reports.source.missing")])
        }
        guard !isFolder.boolValue else { return try await body(source) }
        let unpacked = uploadDirectory.appendingPathComponent("upload-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: unpacked) }
        return try await body(try await tools.runBlocking { try ReportLibraryArchive.unpack(source, into: unpacked) })
    }
}

/// One check, preview or undo of the report library at a time on this instance.
final class ReportImportGate: Sendable {
    private let taken = NIOLockedValueBox(false)

    /// Takes the gate; 409 while it is taken.
    func enter() throws {
        let entered = taken.withLockedValue { taken in
            defer { taken = true }
            return !taken
        }
        guard entered else { throw ReportImports.alreadyRunning }
    }

    func leave() {
        taken.withLockedValue { $0 = false }
    }
}

extension Application {
    private struct ReportImportGateKey: StorageKey { typealias Value = ReportImportGate }

    /// Prepares this instance's one-check-at-a-time gate; called once by `configure(_:_:)`.
    func prepareReportImports() {
        storage[ReportImportGateKey.self] = ReportImportGate()
    }

    /// Where the report library's files live.
    var reportFiles: ReportFiles {
        ReportFiles(store: media, mediaDirectory: kineticConfiguration.mediaDirectory)
    }

    /// The Reports import, its tool work in `owner`'s turn.
    func reportImports(for owner: ToolQueue.Owner) -> ReportImports {
        ReportImports(
            database: db, files: reportFiles, tools: tools(for: owner), jobs: .live(self), clock: kineticConfiguration.clock,
            gate: storage.configured(ReportImportGateKey.self, "the report import gate"),
            uploadDirectory: URL(fileURLWithPath: kineticConfiguration.uploadDirectory), instance: kineticConfiguration.instanceID,
            logger: logger)
    }
}
