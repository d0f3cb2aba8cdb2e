import Foundation
import KineticCore
import NIOConcurrencyHelpers
import Vapor

extension Application {
    private struct ReportImportGateKey: StorageKey { typealias Value = NIOLockedValueBox<Bool> }

    /// Prepares the one-import-at-a-time gate; called once by `configure(_:_:)`.
    func prepareReportImports() {
        storage[ReportImportGateKey.self] = NIOLockedValueBox(false)
    }

    /// Where the report library's files live.
    var reportFiles: ReportFiles {
        ReportFiles(mediaDirectory: kineticConfiguration.mediaDirectory)
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

    /// Imports the draft `id` as its preview showed it: 404 when it is no longer waiting, 409
    /// (and the draft dropped) when the library changed since its preview.
    func confirmReportImport(_ id: UUID, for owner: ToolQueue.Owner) async throws -> ReportLibraryImporter.Summary {
        try await withReportImport(for: owner) { importer in
            let place = ReportImportDraft.Place(folder: reportFiles.draftFolder)
            guard let draft = place.read(), draft.id == id else { throw ReportImportDraft.gone }
            do {
                let folder = draft.libraryPath.isEmpty ? place.unpacked : place.unpacked.appendingPathComponent(draft.libraryPath)
                let summary = try await importer.importLibrary(at: folder, now: now, previewedAgainst: draft.basis)
                place.clear()
                return summary
            } catch let error as AppError where error.code == ReportLibraryImporter.libraryChanged.code {
                place.clear()
                throw error
            }
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
        let gate = storage.configured(ReportImportGateKey.self, "the report import gate")
        guard
            gate.withLockedValue({ running in
                defer { running = true }
                return !running
            })
        else {
            throw AppError.conflict(messageKey: "error.reports.importRunning")
        }
        defer { gate.withLockedValue { $0 = false } }
        return try await body(ReportLibraryImporter(database: db, files: reportFiles, tools: PDFTools(), threads: tools(for: owner)))
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
