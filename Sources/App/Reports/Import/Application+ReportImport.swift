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
    /// one import at a time on this instance: a second while one runs is a 409. Its tool work
    /// runs in `owner`'s turn.
    func importReportLibrary(from source: URL, for owner: ToolQueue.Owner) async throws -> ReportLibraryImporter.Summary {
        guard PDFTools.isAvailable else { throw PDFTools.toolsMissing }
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

        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder) else {
            throw ReportLibraryProblems([ReportLibraryProblem(source.lastPathComponent, "error.reports.source.missing")])
        }
        let importer = ReportLibraryImporter(database: db, files: reportFiles, tools: PDFTools(), threads: tools(for: owner))
        guard !isFolder.boolValue else { return try await importer.importLibrary(at: source, now: now) }
        let unpacked = URL(fileURLWithPath: kineticConfiguration.uploadDirectory).appendingPathComponent(
            "upload-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let folder = try await tools(for: owner).runBlocking { try ReportLibraryArchive.unpack(source, into: unpacked) }
        return try await importer.importLibrary(at: folder, now: now)
    }
}
