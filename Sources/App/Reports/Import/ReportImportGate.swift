import Foundation
import NIOConcurrencyHelpers
import Vapor

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

    private struct PageDrawsKey: StorageKey { typealias Value = PageDraws }

    /// Prepares this instance's one-check-at-a-time gate and its record of page draws; called
    /// once by `configure(_:_:)`.
    func prepareReportImports() {
        storage[ReportImportGateKey.self] = ReportImportGate()
        storage[PageDrawsKey.self] = PageDraws()
    }

    /// The page draws running on this instance.
    var pageDraws: PageDraws { storage.configured(PageDrawsKey.self, "the report page draws") }

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
            logger: logger, pdfTools: PDFTools(maximumPages: kineticConfiguration.reportMaximumPages))
    }
}
