import Fluent
import Foundation
import KineticCore
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
    /// The PDF tools, with the most pages a report may have.
    var pdfTools = PDFTools()

    var now: Date { clock.now }

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
    static func deleteWaitingImports(_ id: UUID? = nil, on database: any Database) async throws -> [UUID] {
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

    /// Drops the draft `id`; 404 when it is no longer waiting.
    func discard(_ id: UUID) async throws {
        guard !(try await Self.deleteWaitingImports(id, on: database)).isEmpty else { throw ReportImportDraft.gone }
        await removeZip(id)
    }

    func removeZip(_ id: UUID?) async {
        guard let id, let key = try? ReportImportJob.zipKey(id) else { return }
        try? await files.store.remove(key)
    }

    /// 409: an import is running (on this instance or another).
    static let alreadyRunning = AppError.conflict(messageKey: "error.reports.importRunning")

    /// Undoes the last import: the previous library becomes the library again (see
    /// ``ReportLibraryImporter/restorePrevious(undoing:now:)``).
    func restorePrevious() async throws -> ReportLibrarySnapshot {
        guard let restored = try await restorePrevious(undoing: nil) else { throw ReportLibraryImporter.noPreviousLibrary }
        return restored
    }

    /// Undoes the import that made the library `undone`, once: nil when the library is no
    /// longer that version (``ReportLibraryImporter/restorePrevious(undoing:now:)``).
    func restorePrevious(undoing undone: ReportLibraryImporter.UndoMark?) async throws -> ReportLibrarySnapshot? {
        guard try await running() == nil else { throw Self.alreadyRunning }
        return try await withImporter(needsTools: false) { try await $0.restorePrevious(undoing: undone, now: now) }
    }

    /// The mark of the library now, which an undo of it names.
    func undoMark() async throws -> ReportLibraryImporter.UndoMark {
        ReportLibraryImporter.UndoMark(try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: database))
    }

    /// The library an undo would bring back, and when it was replaced; nil when there is none
    /// (before the first import there was no library to bring back).
    func previousLibrary() async throws -> (library: ReportLibrarySnapshot.Library, replacedAt: Date)? {
        try await PreviousReportLibraryRecord.find(on: database).flatMap { found in
            found.library?.library.map { ($0, found.record.replacedAt) }
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

    /// The importer of this library, each run of its tools in this line.
    var importer: ReportLibraryImporter {
        var lined = pdfTools
        lined.line = tools
        return ReportLibraryImporter(database: database, files: files, tools: lined, threads: tools, logger: logger)
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
