import Crypto
import Fluent
import Foundation
import KineticCore
import Logging

/// Imports a report library folder (`library.json` and its PDFs) in three steps, so a bad
/// library stores nothing, a good one replaces the old one at once, and one bad file costs
/// only its own report:
///
/// 1. **Check** the datasource (strict JSON, then ``ReportLibraryManifest``) and every PDF it
///    names (there, a regular file inside the folder, at most ``maximumFileBytes``, `%PDF-` in
///    its first kilobyte, not password-protected, 1 to ``PDFTools/maximumPages`` pages each of
///    which can be drawn, readable by qpdf and pdfinfo). The files are checked even when the
///    tree has problems, so every problem comes in one round. A problem with the tree ends the
///    import; a file's problem leaves its report out (``LeftOut``; the preview lists it for
///    the administrator to confirm), unless it leaves nothing to import.
/// 2. **Prepare** each new or changed PDF in a staging folder: the original, its text, its
///    first pages (``pagesDrawnAtImport``; the rest are drawn when first read) and thumbnail. A
///    PDF whose SHA-256 is unchanged keeps its prepared folder. A tool that runs out of time is
///    tried once more with longer (``PDFTools``); a report whose file still cannot be prepared
///    is left out too, and the import says why.
/// 3. **Store**: prepared folders move into place under new names, then one transaction
///    writes the categories, reports and search index and removes what the library no longer
///    lists; only after it commits are replaced folders deleted.
struct ReportLibraryImporter {
    let database: any Database
    let files: ReportFiles
    /// The PDF tools, each run in the importer's turn of its ``PDFTools/line``.
    let tools: PDFTools
    /// Where the importer's computing runs (hashing, reading text), beside its tools.
    let threads: ToolRunner
    var maximumFileBytes = 200 << 20
    /// Where what the tools said goes: never to the person importing, whose messages are plain.
    var logger = Logger(label: "kinetic.reports.import")
    /// The viewer's page images and the bubbles' thumbnails, in pixels wide.
    static let pageWidth = 1240
    static let thumbnailWidth = 360
    /// The pages of a report drawn as images while it is imported: the viewer's first pages
    /// without waiting. Later pages are drawn the first time they are asked for
    /// (``ReportImports/drawPages(from:of:)``), so a book of thousands of pages costs its
    /// import no more than a short report, and pages nobody reads are never drawn.
    static let pagesDrawnAtImport = 25
    /// How many files are checked or prepared at once: one a tool thread, so an import alone
    /// keeps every core busy, while its tools take turns with everyone else's run by run
    /// (``PDFTools/line``).
    static let filesAtOnce = min(ToolQueue.threadsForTools, ToolQueue.waitingPerOwner)

    /// What an import did.
    struct Summary: Codable, Equatable, Sendable {
        var categories = 0
        var reports = 0
        var added = 0
        var updated = 0
        var removed = 0
        /// Reports whose PDF was new or changed, so their pages were rendered.
        var rendered = 0
        var pagesRendered = 0
        var pages = 0
        /// Pages without text whose text was recognised by OCR.
        var pagesRecognised = 0
        /// The reports left out, and why.
        var leftOut: [LeftOut] = []
    }

    /// A report an import leaves out because its file could not be checked or prepared, and
    /// why; the rest of the library is imported without it (a report of the library it
    /// replaces that is left out is gone until an import brings it back).
    struct LeftOut: Codable, Equatable, Sendable {
        let id: String
        let title: String
        /// Its file, as the datasource names it.
        let file: String
        /// Where in the datasource the problem is (`reports[3].file`).
        let path: String
        /// Why, as a String Catalog key and what fills it.
        let messageKey: String
        let arguments: [String]

        init(_ report: ReportLibrary.Report, _ problem: ReportLibraryProblem) {
            id = report.id
            title = report.title
            file = report.file
            path = problem.path
            messageKey = problem.messageKey
            arguments = problem.arguments
        }

        var problem: ReportLibraryProblem { ReportLibraryProblem(path, messageKey, arguments) }

        /// Whether the file is why: not when a tool was stopped from outside or by a stalled
        /// machine's clock (``ReportLibraryImporter/problem(preparing:failedWith:)``).
        var isTheFilesFault: Bool { messageKey != "error.reports.file.interrupted" }
    }

    /// A report's PDF after the checks.
    struct CheckedFile {
        let url: URL
        let info: PDFDocumentInfo
        let sha256: String
        let byteCount: Int

        /// The pages drawn while it is imported (``pagesDrawnAtImport``).
        var pagesDrawnAtImport: Int { min(info.pages, ReportLibraryImporter.pagesDrawnAtImport) }
    }

    /// A report's PDF made ready for the viewer.
    struct PreparedFile {
        let storedFolder: String
        let folder: URL
        /// The language its text reads as (``TextLanguage/detected(in:)``); the text itself is
        /// in the folder's `text.txt`, never in memory whole.
        let detectedLanguage: String?
        let pageWidth: Int
        let pageHeight: Int
        /// Pages whose text was recognised by OCR (they had none).
        let recognisedPages: Int
        /// The stored PDF's size: the original's, or larger with a recognised text layer.
        let byteCount: Int

        /// Where its text waits for the index once the folder is kept, in `staging`.
        func textForIndex(in staging: URL) -> URL {
            staging.appendingPathComponent("\(storedFolder).txt")
        }
    }

    /// A checked library and what importing it would change.
    struct Preview {
        let library: ReportLibrary
        let checked: [String: CheckedFile]
        let changes: ReportLibraryChanges
        /// The reports as stored now, by id.
        let existing: [String: ReportRecord]
        /// The reports whose PDF is new or changed (or whose pages are gone): importing renders them.
        let toRender: Set<String>
        /// Every page of the new library, and those of the reports to render.
        let pages: Int
        let pagesToRender: Int
        /// The library it was compared with: an import confirmed later is refused when the
        /// library has changed since.
        let basis: LibraryVersion
        /// The reports whose files cannot be read, which importing leaves out (`library` is
        /// without them).
        let leftOut: [LeftOut]
    }

    /// Which library a preview was made against: when it was imported (nil before the first).
    struct LibraryVersion: Codable, Equatable, Sendable {
        let importedAt: Date?
    }

    /// What names the library an undo is asked of, as its form carries it: a digest of the
    /// library's title, size and import time, so that the form sent again once the undo is done
    /// names a library that is no longer there.
    struct UndoMark: Equatable, Sendable {
        let text: String

        init(_ library: ReportLibraryRecord?) {
            let written = library.map { "\($0.title)\n\($0.reportCount)\n\($0.pageCount)\n\($0.importedAt.timeIntervalSince1970)" } ?? ""
            text = SHA256.hash(data: Data(written.utf8)).prefix(12).map { String(format: "%02x", $0) }.joined()
        }

        /// The mark a form sent; nil for anything that cannot be one.
        init?(text: String) {
            guard text.utf8.count == 24, text.allSatisfy(\.isHexDigit) else { return nil }
            self.text = text.lowercased()
        }
    }

    /// Checks the library at `folder` whole (every problem at once) and tells what importing
    /// it would change; stores nothing.
    func preview(at folder: URL) async throws -> Preview {
        let (library, checked, leftOut) = try await check(folder)
        let current = try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: database)
        let reports = try await ReportRecord.query(on: database).sort(\.$categoryID).sort(\.$position).all()
        let categories = try await ReportCategoryRecord.query(on: database).sort(\.$depth).sort(\.$position).all()
        let existing = Dictionary(reports.compactMap { record in record.id.map { ($0, record) } }, uniquingKeysWith: { first, _ in first })
        let changes = ReportLibraryChanges(
            currentTitle: current?.title, currentCategories: categories.map(\.changeItem), currentReports: reports.map(\.changeItem),
            nextTitle: library.title, nextCategories: library.categories.map(\.changeItem),
            nextReports: library.reports.map { $0.changeItem(file: checked[$0.id]!) })
        var toRender: [ReportLibrary.Report] = []
        for report in library.reports where try await !keepsItsPages(report, checked[report.id]!, existing[report.id]) {
            toRender.append(report)
        }
        return Preview(
            library: library, checked: checked, changes: changes, existing: existing, toRender: Set(toRender.map(\.id)),
            pages: library.reports.reduce(0) { $0 + checked[$1.id]!.info.pages },
            pagesToRender: toRender.reduce(0) { $0 + checked[$1.id]!.pagesDrawnAtImport },
            basis: LibraryVersion(importedAt: current?.importedAt), leftOut: leftOut)
    }

    /// An unchanged PDF keeps its rendered folder.
    /// Whether `report` keeps the folder it has: its PDF is unchanged and there, with a text
    /// that knows its pages (one kept before search named pages has no form feeds: such a
    /// report is prepared again once).
    private func keepsItsPages(_ report: ReportLibrary.Report, _ file: CheckedFile, _ old: ReportRecord?) async throws -> Bool {
        guard let old, old.sha256 == file.sha256, try await files.hasPDF(in: old.storedFolder) else { return false }
        return try await files.storedTextNamesPages(in: old.storedFolder)
    }

    /// Imports the library at `folder`. When it changes anything, the library it replaces is
    /// kept as the previous one (see ``restorePrevious(undoing:now:)``). It is refused (409) when the
    /// library is no longer the one `previewedAgainst` names, or, without it, the one it was
    /// checked against when it is stored (another import came first).
    ///
    /// `tracker` hears how many pages are rendered and recognised as it goes.
    func importLibrary(
        at folder: URL, now: Date, previewedAgainst expected: LibraryVersion? = nil, tracker: ReportImportTracker? = nil
    ) async throws -> Summary {
        let started = ContinuousClock.now
        defer { KineticMetrics.recordImport("reports", since: started) }
        let preview = try await preview(at: folder)
        let basis = expected ?? preview.basis
        guard basis == preview.basis else { throw Self.libraryChanged }
        // A report of the library is never removed for what is not its file's fault: the import
        // stops instead, nothing lost, to be run again.
        if let stopped = preview.leftOut.first(where: { !$0.isTheFilesFault && preview.existing[$0.id] != nil }) {
            throw ReportLibraryProblems([stopped.problem])
        }
        tracker?.update { $0.pagesToRender = preview.pagesToRender }
        let (checked, existingByID) = (preview.checked, preview.existing)
        let staging = try files.stagingFolder()
        defer { try? FileManager.default.removeItem(at: staging) }

        var prepared: [String: PreparedFile] = [:]
        var notPrepared: [LeftOut] = []
        let toPrepare = preview.library.reports.filter { preview.toRender.contains($0.id) }
        let outcomes = try await Self.eachAtOnce(toPrepare) { [tools, threads, logger, library = preview.library] report in
            do {
                return Result<PreparedFile, any Error>.success(
                    try await Self.prepare(
                        checked[report.id]!, language: report.language ?? library.language, tools: tools, threads: threads,
                        in: staging, tracker: tracker, logger: logger))
            } catch let error where error is ToolQueue.Full || error is ToolQueue.CoolingDown || error is CancellationError {
                throw error
            } catch {
                return .failure(error)
            }
        }
        for (report, outcome) in zip(toPrepare, outcomes) {
            switch outcome {
            case .success(let file): prepared[report.id] = file
            case .failure(let error):
                // Only a tool's failure can be the file's; anything else (a full disk) is the server's.
                guard error is ToolProcess.Failed else { throw error }
                let leftOut = LeftOut(report, Self.problem(preparing: report, failedWith: error))
                if !leftOut.isTheFilesFault, existingByID[report.id] != nil { throw ReportLibraryProblems([leftOut.problem]) }
                logger.warning("\(report.file) was checked but could not be prepared, so it is left out: \(error)")
                notPrepared.append(leftOut)
            }
        }
        let library = preview.library.leavingOut(Set(notPrepared.map(\.id)))
        guard !library.reports.isEmpty || preview.library.reports.isEmpty else {
            throw ReportLibraryProblems((preview.leftOut + notPrepared).map(\.problem))
        }

        // Read before storing: the store updates these records' folders and the previous library.
        let listed = Set(library.reports.map(\.id))
        let replaced = existingByID.filter { prepared[$0.key] != nil || !listed.contains($0.key) }.map(\.value.storedFolder)
        let wasPrevious = try await PreviousReportLibraryRecord.find(on: database)?.library?.storedFolders ?? []
        var kept: [String] = []
        var summary: Summary
        do {
            for file in prepared.values {
                // The index reads the text from this instance's disk, never from a bucket
                // while its transaction is open: a second name for it stays in staging.
                try FileManager.default.linkItem(
                    at: file.folder.appendingPathComponent("text.txt"), to: file.textForIndex(in: staging))
                kept.append(file.storedFolder)
                try await files.keep(file.folder, as: file.storedFolder)
            }
            summary = try await store(
                library, checked: checked, prepared: prepared, staging: staging, existing: existingByID, basis: basis,
                keepingPrevious: !preview.changes.isEmpty || !notPrepared.isEmpty, now: now)
            summary.leftOut = preview.leftOut + notPrepared
        } catch {
            for folder in kept { await files.remove(folder) }
            throw error
        }
        // Stored: the new folders are named now. Tidying up after is best done, never undone.
        try? await removeFoldersNoLongerNeeded(among: Set(replaced).union(wasPrevious))
        return summary
    }

    /// Deletes those of `folders` that neither the library nor the previous one names.
    private func removeFoldersNoLongerNeeded(among folders: Set<String>) async throws {
        let previous = try await PreviousReportLibraryRecord.find(on: database)
        // Without a readable previous library, what it names is unknown: keep everything.
        if let previous, previous.library == nil { return }
        let current = Set(try await ReportRecord.query(on: database).all(\.$storedFolder))
        for folder in folders.subtracting(current).subtracting(previous?.library?.storedFolders ?? []) { await files.remove(folder) }
    }

    /// Makes the previous library the library again and keeps the one it replaces as the
    /// previous, so undoing twice brings the import back; its files were kept. With `undone`,
    /// only while the library is that version: nil, and nothing changed, when it is not (the
    /// same undo sent again, or another import came first). 404 when there is no earlier library
    /// (before the first import there was none to bring back: an undo never empties the
    /// library), 409 when its files are gone.
    func restorePrevious(undoing undone: UndoMark? = nil, now: Date) async throws -> ReportLibrarySnapshot? {
        try await database.writeTransaction { database in
            try await ReportLibraryRecord.lockForWriting(on: database)
            let row = try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: database)
            if let undone, UndoMark(row) != undone { return nil }
            guard let previous = try await PreviousReportLibraryRecord.find(on: database)?.library, previous.library != nil else {
                throw Self.noPreviousLibrary
            }
            for folder in previous.storedFolders where try await !files.hasPDF(in: folder) {
                throw AppError(status: .conflict, code: "previous_files_gone", messageKey: "error.reports.previousFilesGone")
            }
            let current = try await ReportLibrarySnapshot.read(on: database, keepingTextsIn: files)
            try await previous.restore(on: database, textsFrom: files)
            try await PreviousReportLibraryRecord.keep(current, replacedAt: now, on: database)
            return previous
        }
    }

    /// 404: there is no earlier library to bring back.
    static let noPreviousLibrary = AppError(status: .notFound, code: "no_previous_library", messageKey: "error.reports.noPreviousLibrary")

    /// 409: the library was imported again between a preview and its confirmation.
    static let libraryChanged = AppError(status: .conflict, code: "library_changed", messageKey: "error.reports.libraryChanged")

    // MARK: Check

    /// The datasource as JSON; its problem otherwise (nothing more can be read then).
    static func readManifest(in folder: URL) throws -> JSONValue {
        let url = folder.appendingPathComponent(ReportLibraryManifest.fileName)
        let name = ReportLibraryManifest.fileName
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else {
            throw ReportLibraryProblems([ReportLibraryProblem(name, "error.reports.manifest.missing")])
        }
        guard let size = attributes[.size] as? Int, size <= 16 << 20 else {
            throw ReportLibraryProblems([ReportLibraryProblem(name, "error.reports.manifest.tooLarge")])
        }
        guard let data = try? Data(contentsOf: url) else {
            throw ReportLibraryProblems([ReportLibraryProblem(name, "error.reports.manifest.missing")])
        }
        return try ReportLibraryManifest.parse(Array(data)).get()
    }

    /// The library without the reports whose files have a problem, every other report's file
    /// checked (by report id), and the reports left out; every problem with the datasource's
    /// tree and with the files at once when the tree has one, or when no report's file can be
    /// read.
    private func check(_ folder: URL) async throws -> (ReportLibrary, [String: CheckedFile], [LeftOut]) {
        let json = try Self.readManifest(in: folder)
        let structure = ReportLibraryManifest.read(json)
        let (files, fileProblems) = try await check(ReportLibraryManifest.fileReferences(in: json), in: folder)
        switch structure {
        case .success(let library):
            let leftOut = library.reports.compactMap { report in
                fileProblems.first { $0.path == report.filePath }.map { LeftOut(report, $0) }
            }
            guard leftOut.isEmpty || leftOut.count < library.reports.count else { throw ReportLibraryProblems(fileProblems) }
            let kept = library.leavingOut(Set(leftOut.map(\.id)))
            return (kept, Dictionary(uniqueKeysWithValues: kept.reports.map { ($0.id, files[$0.sourceIndex]!) }), leftOut)
        case .failure(let found): throw ReportLibraryProblems(found.problems + fileProblems)
        }
    }

    /// Why `report`'s checked file could not be prepared (`error`), as its administrator is
    /// told (``problem(of:at:failedWith:otherwise:)``; otherwise its pages could not be drawn).
    static func problem(preparing report: ReportLibrary.Report, failedWith error: any Error) -> ReportLibraryProblem {
        problem(of: report.file, at: report.filePath, failedWith: error, otherwise: "error.reports.file.notDrawn")
    }

    /// Why a tool's work on `file` (named at `path`) failed with `error`: a tool that used up its
    /// computing time twice blames the file (too costly); one stopped by the wall clock or from
    /// outside (a starved or paused machine, the out-of-memory killer) does not (interrupted);
    /// anything else is `otherwise`.
    static func problem(of file: String, at path: String, failedWith error: any Error, otherwise: String) -> ReportLibraryProblem {
        switch (error as? ToolProcess.Failed)?.interruption {
        case .ranOutOfComputingTime(let seconds): ReportLibraryProblem(path, "error.reports.file.tooCostly", [file, String(seconds)])
        case .timedOut, .killed, .couldNotStart: ReportLibraryProblem(path, "error.reports.file.interrupted", [file])
        case .outputTooLarge, nil: ReportLibraryProblem(path, otherwise, [file])
        }
    }

    /// Each named file checked, by the report's place in the list, and the problems found.
    private func check(
        _ references: [(index: Int, file: String)], in folder: URL
    ) async throws -> (
        [Int: CheckedFile], [ReportLibraryProblem]
    ) {
        let root = folder.resolvingSymlinksInPath().standardizedFileURL.path
        let outcomes = try await Self.eachAtOnce(references) { [tools, threads, maximumFileBytes, logger] reference in
            let path = "reports[\(reference.index)].file"
            let url = folder.appendingPathComponent(reference.file).resolvingSymlinksInPath().standardizedFileURL
            guard url.path.hasPrefix(root + "/") else {
                return Result<CheckedFile, ReportLibraryProblem>.failure(ReportLibraryProblem(path, "error.reports.file.path"))
            }
            do {
                return .success(
                    try await Self.check(
                        url, named: reference.file, at: path, tools: tools, threads: threads, maximumBytes: maximumFileBytes,
                        logger: logger))
            } catch let problem as ReportLibraryProblem {
                return .failure(problem)
            }
        }
        var checked: [Int: CheckedFile] = [:]
        var problems: [ReportLibraryProblem] = []
        for (reference, outcome) in zip(references, outcomes) {
            switch outcome {
            case .success(let file): checked[reference.index] = file
            case .failure(let problem): problems.append(problem)
            }
        }
        return (checked, problems)
    }

    /// `body` of each of `items`, ``filesAtOnce`` at a time; what it gave, in the items' order.
    /// The first error thrown stops the rest.
    private static func eachAtOnce<Item: Sendable, Outcome: Sendable>(
        _ items: [Item], _ body: @escaping @Sendable (Item) async throws -> Outcome
    ) async throws -> [Outcome] {
        try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            var outcomes: [Outcome?] = Array(repeating: nil, count: items.count)
            var next = 0
            func startNext() {
                guard next < items.count else { return }
                let (index, item) = (next, items[next])
                group.addTask { (index, try await body(item)) }
                next += 1
            }
            for _ in 0..<filesAtOnce { startNext() }
            while let (index, outcome) = try await group.next() {
                outcomes[index] = outcome
                startNext()
            }
            return outcomes.map { $0! }
        }
    }

    private static func check(
        _ url: URL, named name: String, at path: String, tools: PDFTools, threads: ToolRunner, maximumBytes: Int, logger: Logger
    ) async throws -> CheckedFile {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? Int
        else {
            throw ReportLibraryProblem(path, "error.reports.file.missing", [name])
        }
        guard size <= maximumBytes else {
            throw ReportLibraryProblem(path, "error.reports.file.tooLarge", [name, String(maximumBytes >> 20)])
        }
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw ReportLibraryProblem(path, "error.reports.file.missing", [name])
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 1024)) ?? Data()
        guard head.range(of: Data("%PDF-".utf8)) != nil else { throw ReportLibraryProblem(path, "error.reports.file.notPDF", [name]) }
        switch await tools.inspect(url, drawnWidth: pageWidth) {
        case .needsPassword: throw ReportLibraryProblem(path, "error.reports.file.encrypted", [name])
        case .damaged(let detail):
            logger.notice("\(name) was refused as damaged: \(detail)")
            throw ReportLibraryProblem(path, "error.reports.file.damaged", [name])
        case .pageTooLarge(let page): throw ReportLibraryProblem(path, "error.reports.file.pageTooLarge", [name, String(page)])
        case .noPages: throw ReportLibraryProblem(path, "error.reports.file.noPages", [name])
        case .tooManyPages(let pages):
            throw ReportLibraryProblem(path, "error.reports.file.tooManyPages", [name, String(pages), String(tools.maximumPages)])
        case .stopped(let failed):
            logger.notice("\(name) could not be checked: \(failed)")
            throw Self.problem(of: name, at: path, failedWith: failed, otherwise: "error.reports.file.damaged")
        case .readable(let info):
            // Hashing up to 200 MB is computing: on a tool thread, not the server's.
            let digest = try await threads.compute {
                let file = try FileHandle(forReadingFrom: url)
                defer { try? file.close() }
                var hasher = SHA256()
                while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
                return hasher.finalize().map { String(format: "%02x", $0) }.joined()
            }
            return CheckedFile(url: url, info: info, sha256: digest, byteCount: size)
        }
    }

    // MARK: Prepare

    /// The most letters a page may hold and still be read as having no text (a scan with a
    /// page number, say): such pages are recognised by OCR.
    static let bareTextLetters = 16

    /// Copies, reads, recognises and renders `file`, a report in `language` (the datasource's;
    /// nil: told from the text its pages already have, for OCR to read the rest in). Its text
    /// goes to `text.txt` a run of pages at a time, so a book's text is never in memory whole.
    private static func prepare(
        _ file: CheckedFile, language: String?, tools: PDFTools, threads: ToolRunner, in staging: URL, tracker: ReportImportTracker?,
        logger: Logger
    ) async throws -> PreparedFile {
        let storedFolder = UUID().uuidString.lowercased()
        let folder = staging.appendingPathComponent(storedFolder)
        let pdf = folder.appendingPathComponent("report.pdf")
        let textFile = folder.appendingPathComponent("text.txt")
        try await threads.compute {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: file.url, to: pdf)
            FileManager.default.createFile(atPath: textFile.path, contents: nil)
        }
        var bare: [Int] = []
        do {
            let writer = try FileHandle(forWritingTo: textFile)
            defer { try? writer.close() }
            try await tools.forEachTextRun(of: file.url, pages: file.info.pages) { raw, pages in
                let (text, without): (String, [Int]) = try await threads.compute {
                    (Self.readable(raw), Self.pagesWithoutText(raw, pages: pages))
                }
                bare += without
                try writer.write(contentsOf: Data(text.utf8))
            }
        }
        // Pages with (almost) no text are scans: recognise their words, which then live in the
        // stored PDF as an invisible layer (so the reader finds and selects them) and in its text.
        var recognised = 0
        if !bare.isEmpty, PDFTools.canRecognise {
            tracker?.update { $0.pagesToRecognise += bare.count }
            // Recognising is a bonus: a report whose scans OCR cannot read is kept as it is,
            // findable by its title and keywords, rather than failing the whole library.
            // The stored copy changes only when pages were recognised, and then it keeps those
            // recognised before a run that failed.
            do {
                recognised = try await Self.recognise(
                    bare, of: file, language: language, into: pdf, text: textFile, tools: tools, threads: threads, tracker: tracker,
                    logger: logger)
            } catch {
                logger.warning("The scanned pages of \(file.url.lastPathComponent) were not all recognised: \(error)")
            }
        }
        let detected: String? = try await threads.compute { TextLanguage.detected(in: try Self.start(of: textFile)) }
        _ = try await tools.renderPages(of: file.url, pages: 1...file.pagesDrawnAtImport, width: pageWidth, into: folder) { count in
            tracker?.update { $0.pagesRendered += count }
        }
        try await tools.renderThumbnail(of: file.url, width: thumbnailWidth, to: folder.appendingPathComponent("thumbnail.jpg"))
        let ratio = file.info.pageWidth.flatMap { width in file.info.pageHeight.map { $0 / width } } ?? 2_970.0 / 2_100
        let byteCount = (try? FileManager.default.attributesOfItem(atPath: pdf.path)[.size] as? Int) ?? file.byteCount
        return PreparedFile(
            storedFolder: storedFolder, folder: folder, detectedLanguage: detected,
            pageWidth: pageWidth, pageHeight: Int((Double(pageWidth) * ratio).rounded()), recognisedPages: recognised,
            byteCount: byteCount
        )
    }

    /// Recognises the `bare` pages of `file` (a report in `language`, or in the language its
    /// text in `textFile` reads as) into the stored copy `pdf`, and puts their text in
    /// `textFile` in place of what they had; returns how many now have text.
    private static func recognise(
        _ bare: [Int], of file: CheckedFile, language: String?, into pdf: URL, text textFile: URL, tools: PDFTools, threads: ToolRunner,
        tracker: ReportImportTracker?, logger: Logger
    ) async throws -> Int {
        // OCR refuses an encrypted file, even one that opens without a password.
        let source = file.info.isEncrypted ? pdf.deletingLastPathComponent().appendingPathComponent("decrypted.pdf") : file.url
        defer { if source != file.url { try? FileManager.default.removeItem(at: source) } }
        if file.info.isEncrypted { try await tools.decrypt(file.url, to: source) }
        let language: String? = try await threads.compute { try language ?? TextLanguage.detected(in: Self.start(of: textFile)) }
        let recognition = try await tools.recognise(bare, of: source, pageCount: file.info.pages, to: pdf, language: language) { count in
            tracker?.update { $0.pagesRecognised += count }
        }
        if let stop = recognition.stoppedBy {
            logger.warning("The scanned pages of \(file.url.lastPathComponent) were not all recognised: \(stop)")
        }
        let texts = recognition.texts.mapValues(Self.readable)
        try await Self.replacePages(of: textFile, with: texts, threads: threads)
        return Set(bare).subtracting(Self.pagesWithoutText(texts)).intersection(texts.keys).count
    }

    /// `pdftotext` output as search keeps it: pages stay separated by form feeds (search names
    /// pages by them); other control characters are noise in a snippet and become spaces.
    static func readable(_ raw: String) -> String {
        String(
            String.UnicodeScalarView(
                raw.unicodeScalars.map { scalar in
                    scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\u{0C}" ? " " : scalar
                }))
    }

    /// The bytes of a text enough to tell its language by (``TextLanguage/wordsRead`` words).
    static let languageSampleBytes = 256 << 10

    /// The start of the text in `file`, ``languageSampleBytes`` at most.
    private static func start(of file: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return String(decoding: try handle.read(upToCount: languageSampleBytes) ?? Data(), as: UTF8.self)
    }

    /// Writes the text in `file` again with each page in `texts` (by number, from 1) in place of
    /// its own, a batch of pages at a time.
    static func replacePages(of file: URL, with texts: [Int: String], threads: ToolRunner) async throws {
        guard !texts.isEmpty else { return }
        let replaced = file.deletingLastPathComponent().appendingPathComponent("text-replaced.txt")
        FileManager.default.createFile(atPath: replaced.path, contents: nil)
        // Whatever happens, the folder keeps one text: the read one, or the replaced one.
        defer { try? FileManager.default.removeItem(at: replaced) }
        do {
            let writer = try FileHandle(forWritingTo: replaced)
            defer { try? writer.close() }
            try await ReportText.file(file).forEachBatch { batch, firstPage in
                let text: String = try await threads.compute { [batch = String(batch)] in
                    Self.replacingPages(of: batch, firstPage: firstPage, with: texts)
                }
                try writer.write(contentsOf: Data(text.utf8))
            }
        }
        guard rename(replaced.path, file.path) == 0 else {
            try? FileManager.default.removeItem(at: replaced)
            throw ToolProcess.Failed(description: "the recognised text could not replace the text read (errno \(errno))")
        }
    }

    /// `pdftotext` output `raw` (pages ended by form feeds, the first of them `firstPage`) with
    /// the text of each page in `texts` (by page number) in place of its own.
    static func replacingPages(of raw: String, firstPage: Int = 1, with texts: [Int: String]) -> String {
        guard !texts.isEmpty else { return raw }
        var pages = raw.split(separator: "\u{0C}", omittingEmptySubsequences: false).map(String.init)
        // The part after the last form feed is the next batch's, not a page of this one.
        let held = raw.hasSuffix("\u{0C}") ? pages.count - 1 : pages.count
        for (page, text) in texts where page >= firstPage && page - firstPage < held {
            pages[page - firstPage] = text
        }
        return pages.joined(separator: "\u{0C}")
    }

    /// The pages of `pdftotext` output `raw` (the text of `pages`, each ended by a form feed)
    /// with fewer than ``bareTextLetters`` letters.
    static func pagesWithoutText(_ raw: String, pages: ClosedRange<Int>) -> [Int] {
        let texts = raw.split(separator: "\u{0C}", omittingEmptySubsequences: false)
        return pages.filter { page in
            let index = page - pages.lowerBound
            return !hasText(index < texts.count ? texts[index] : "")
        }
    }

    /// The pages of `texts` (a text by page number) with fewer than ``bareTextLetters`` letters.
    static func pagesWithoutText(_ texts: [Int: String]) -> [Int] {
        texts.filter { !hasText($0.value[...]) }.map(\.key).sorted()
    }

    private static func hasText(_ text: Substring) -> Bool {
        text.unicodeScalars.lazy.filter(\.properties.isAlphabetic).prefix(bareTextLetters).count >= bareTextLetters
    }
}

extension ReportLibraryProblem: Error {}

extension ReportLibraryImporter.Summary {
    /// A summary as stored, by this version or by one before reports could be left out.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        categories = try container.decode(Int.self, forKey: .categories)
        reports = try container.decode(Int.self, forKey: .reports)
        added = try container.decode(Int.self, forKey: .added)
        updated = try container.decode(Int.self, forKey: .updated)
        removed = try container.decode(Int.self, forKey: .removed)
        rendered = try container.decode(Int.self, forKey: .rendered)
        pagesRendered = try container.decode(Int.self, forKey: .pagesRendered)
        pages = try container.decode(Int.self, forKey: .pages)
        pagesRecognised = try container.decodeIfPresent(Int.self, forKey: .pagesRecognised) ?? 0
        leftOut = try container.decodeIfPresent([ReportLibraryImporter.LeftOut].self, forKey: .leftOut) ?? []
    }
}
