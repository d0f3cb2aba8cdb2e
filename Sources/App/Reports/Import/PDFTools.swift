import Foundation
import KineticCore

/// Poppler (`pdfinfo`, `pdftotext`, `pdftoppm`), `qpdf` and `ocrmypdf` (with `tesseract`) on
/// one untrusted PDF: no shell, each run with 1 GiB of address space and a budget of computing
/// time, tried once more with a longer one before the file is blamed (``run(_:_:computing:accepted:)``),
/// and never past ``maximumPages``. Call them in a job of the ``ToolQueue``.
struct PDFTools: Sendable {
    static let qpdf = "/usr/bin/qpdf"
    static let pdfinfo = "/usr/bin/pdfinfo"
    static let pdftotext = "/usr/bin/pdftotext"
    static let pdftoppm = "/usr/bin/pdftoppm"
    static let prlimit = ToolProcess.Limits.prlimit
    static let ocrmypdf = "/usr/bin/ocrmypdf"
    /// Where Debian's `tesseract-ocr-*` packages put their language data.
    static let tessdata = "/usr/share/tesseract-ocr/5/tessdata"
    /// The languages text is recognised in, when their data is installed (``TextLanguage/tesseractModel(of:)``).
    static let ocrLanguages = ["eng", "deu", "fra", "spa", "ita", "nld", "dan", "swe", "por"]
    /// Pages recognised per run of `ocrmypdf`, so an import can tell how far it has got.
    static let ocrPagesPerRun = 4
    /// Pages rendered per run of `pdftoppm`, for the same reason.
    static let pagesPerRender = 25
    /// Pages whose text is read per run of `pdftotext`: a run's CPU-time cap fits any of them.
    static let pagesPerTextRun = 500

    /// Whether the tools are installed (Debian's `poppler-utils` and `qpdf`).
    static var isAvailable: Bool {
        [qpdf, pdfinfo, pdftotext, pdftoppm].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The most pages a report may have; a longer PDF is refused (`KINETIC_REPORTS_MAX_PAGES`,
    /// ``ReportsSettings``).
    var maximumPages = ReportsSettings.defaultMaximumPages

    /// The line each run of a tool waits its turn in, one run a place, spreading to threads
    /// nobody else waits for (``ToolQueue``); nil when the caller holds a place for all its runs.
    /// So work on a long book comes in runs of seconds: an import uses every core while it is
    /// alone, and another user's work waits for one run at most. Never set it for a caller
    /// that holds a place already: its runs would wait for a place it holds.
    var line: ToolRunner?

    /// What the checks make of a file that starts like a PDF.
    enum Verdict: Equatable {
        case readable(PDFDocumentInfo)
        /// Encrypted with a password needed to open it.
        case needsPassword
        /// qpdf or pdfinfo could not read it; what they said (for the log, never for a person).
        case damaged(String)
        case tooManyPages(Int)
        case noPages
        /// This page cannot be drawn at the width pages are drawn at (too tall for it, or a size
        /// no PDF has).
        case pageTooLarge(Int)
        /// A check's tool was stopped before it judged the file: by its time (computing or wall
        /// clock, twice) or from outside.
        case stopped(ToolProcess.Failed)
    }

    /// Checks `file`, cheapest first, so that what is refused costs little: `qpdf
    /// --requires-password`; `pdfinfo` over the first ``maximumPages`` pages for the page count,
    /// encryption and every page's size (refused past the page limit, or with a page that cannot
    /// be drawn `drawnWidth` pixels wide); only then `qpdf --check` over the pages (warnings
    /// are fine: qpdf recovered).
    func inspect(_ file: URL, drawnWidth: Int) async -> Verdict {
        do {
            let password = try await run(Self.qpdf, ["--requires-password", file.path], computing: 30, accepted: [0, 2, 3])
            if password.status == 0 { return .needsPassword }
            let output = try await run(
                Self.pdfinfo, ["-enc", "UTF-8", "-f", "1", "-l", String(maximumPages), file.path], computing: 30)
            guard let info = PDFDocumentInfo(pdfinfoOutput: String(decoding: output.standardOutput, as: UTF8.self)) else {
                return .damaged("pdfinfo found no page count")
            }
            if info.pages == 0 { return .noPages }
            if info.pages > maximumPages { return .tooManyPages(info.pages) }
            if let page = info.firstPageTooLargeToDraw(width: drawnWidth) { return .pageTooLarge(page) }
            _ = try await run(Self.qpdf, ["--check", file.path], computing: 60, accepted: [0, 3])
            return .readable(info)
        } catch let failed as ToolProcess.Failed where failed.interruption != nil && failed.interruption != .outputTooLarge {
            return .stopped(failed)
        } catch {
            return .damaged(Self.lastLine(of: String(describing: error), hiding: file))
        }
    }

    /// Writes `file` decrypted to `target` (an encrypted PDF that opens without a password:
    /// OCR refuses it as it is); the streams are copied as they are.
    func decrypt(_ file: URL, to target: URL) async throws {
        _ = try await run(Self.qpdf, ["--decrypt", "--stream-data=preserve", file.path, target.path], computing: 120, accepted: [0, 3])
    }

    /// The text of the first `pages` pages, ``pagesPerTextRun`` pages a run: `body` has each
    /// run's text (each page ended by a form feed) and its pages, in order, so a book's text is
    /// never in memory whole.
    func forEachTextRun(of file: URL, pages: Int, _ body: (String, ClosedRange<Int>) async throws -> Void) async throws {
        let count = max(min(pages, maximumPages), 1)
        for first in stride(from: 1, through: count, by: Self.pagesPerTextRun) {
            let last = min(first + Self.pagesPerTextRun - 1, count)
            let output = try await run(
                Self.pdftotext, ["-enc", "UTF-8", "-f", String(first), "-l", String(last), file.path, "-"],
                computing: 30 + 0.2 * Double(last - first + 1))
            try await body(String(decoding: output.standardOutput, as: UTF8.self), first...last)
        }
    }

    /// Renders `pages` as JPEGs `width` pixels wide into `directory` (each page's crop box, as
    /// pdfinfo measured it and pdf.js shows it, not its media box), named `page-1.jpg`,
    /// `page-2.jpg`…, ``pagesPerRender`` at a time, telling `rendered` how many each run drew;
    /// returns them in page order.
    func renderPages(
        of file: URL, pages: ClosedRange<Int>, width: Int, into directory: URL, rendered: @Sendable (Int) -> Void = { _ in }
    ) async throws -> [URL] {
        let scratch = directory.appendingPathComponent("rendering-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var targets: [URL] = []
        for first in stride(from: pages.lowerBound, through: pages.upperBound, by: Self.pagesPerRender) {
            let last = min(first + Self.pagesPerRender - 1, pages.upperBound)
            _ = try await run(
                Self.pdftoppm,
                [
                    "-jpeg", "-jpegopt", "quality=80", "-cropbox", "-scale-to-x", String(width), "-scale-to-y", "-1",
                    "-f", String(first), "-l", String(last), file.path, scratch.appendingPathComponent("p").path,
                ], computing: 20 + 3 * Double(last - first + 1))
            // pdftoppm pads the page number to the width of the last one: p-1.jpg or p-01.jpg.
            let done = try FileManager.default.contentsOfDirectory(atPath: scratch.path).compactMap { name -> (Int, String)? in
                guard name.hasPrefix("p-"), name.hasSuffix(".jpg"), let page = Int(name.dropFirst(2).dropLast(4)) else { return nil }
                return (page, name)
            }.sorted { $0.0 < $1.0 }
            guard done.map(\.0) == Array(first...last) else {
                throw ToolProcess.Failed(description: "pdftoppm rendered \(done.count) of pages \(first)–\(last)")
            }
            for (page, name) in done {
                let target = directory.appendingPathComponent("page-\(page).jpg")
                try FileManager.default.moveItem(at: scratch.appendingPathComponent(name), to: target)
                targets.append(target)
            }
            rendered(done.count)
        }
        return targets
    }

    /// Whether scanned pages can be recognised: `ocrmypdf` with the data of at least one of
    /// ``ocrLanguages``.
    static var canRecognise: Bool {
        FileManager.default.isExecutableFile(atPath: ocrmypdf) && !installedOCRLanguages.isEmpty
    }

    static var installedOCRLanguages: [String] {
        ocrLanguages.filter { FileManager.default.fileExists(atPath: "\(tessdata)/\($0).traineddata") }
    }

    /// The models a report in `language` is recognised with: its language's when installed
    /// (one model reads better than several guessing), else every one installed.
    static func ocrModels(for language: String?, installed: [String] = installedOCRLanguages) -> [String] {
        if let model = language.flatMap(TextLanguage.tesseractModel(of:)), installed.contains(model) { return [model] }
        return installed
    }

    /// `ocrmypdf`'s arguments for `pages` of `input`: only pages without text (`--skip-text`),
    /// each turned straight first (`--deskew`: a line of a page scanned 1.5° askew is lost
    /// otherwise), read with `models`, the page images kept as they are otherwise (`--optimize
    /// 0`, no PDF/A conversion), one process.
    static func ocrArguments(pages: [Int], models: [String], input: URL, output: URL) -> [String] {
        [
            "--skip-text", "--deskew", "--pages", pages.map(String.init).joined(separator: ","), "-l", models.joined(separator: "+"),
            "--output-type", "pdf", "--optimize", "0", "--jobs", "1", "--quiet", input.path, output.path,
        ]
    }

    /// Recognises the text of `pages` of `file` (``ocrArguments(pages:models:input:output:)``)
    /// in `language` (``ocrModels(for:installed:)``) and writes `file` with an invisible text
    /// layer over them to `target`; returns the text recognised, by page. Only those pages go
    /// through OCR, ``ocrPagesPerRun`` at a time: qpdf takes each run's pages out into a PDF of
    /// their own, ocrmypdf reads it (telling `recognised` how many each run did), and qpdf puts
    /// the recognised pages back in their places (``splicedPages(_:original:pageCount:)``).
    /// So a few scans in a book of thousands of pages cost what those scans cost (OCR of the
    /// whole book took minutes and more than a gigabyte), and a scanned book costs each run the
    /// same. When a run fails, the pages recognised before it go back all the same, and what
    /// stopped it is returned with them; `target` is written whole or not at all. `file` has
    /// `pageCount` pages.
    func recognise(
        _ pages: [Int], of file: URL, pageCount: Int, to target: URL, language: String?, recognised: @Sendable (Int) -> Void = { _ in }
    ) async throws -> Recognition {
        guard !pages.isEmpty else { return Recognition(texts: [:]) }
        let models = Self.ocrModels(for: language)
        let scratch = target.deletingLastPathComponent().appendingPathComponent("ocr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var runs: [(pages: ArraySlice<Int>, file: URL)] = []
        var texts: [Int: String] = [:]
        var failure: (any Error)?
        for start in stride(from: 0, to: pages.count, by: Self.ocrPagesPerRun) {
            let batch = pages[start..<min(start + Self.ocrPagesPerRun, pages.count)]
            let scans = scratch.appendingPathComponent("scans-\(runs.count).pdf")
            let read = scratch.appendingPathComponent("recognised-\(runs.count).pdf")
            do {
                let list = batch.map(String.init).joined(separator: ",")
                _ = try await run(Self.qpdf, ["--empty", "--pages", file.path, list, "--", scans.path], computing: 60, accepted: [0, 3])
                _ = try await run(
                    Self.ocrmypdf, Self.ocrArguments(pages: Array(1...batch.count), models: models, input: scans, output: read),
                    computing: 60 + 60 * Double(batch.count))
                let output = try await run(Self.pdftotext, ["-enc", "UTF-8", read.path, "-"], computing: 30 + Double(batch.count))
                let pageTexts = String(decoding: output.standardOutput, as: UTF8.self).split(
                    separator: "\u{0C}", omittingEmptySubsequences: false)
                for (index, page) in batch.enumerated() { texts[page] = index < pageTexts.count ? String(pageTexts[index]) : "" }
            } catch {
                failure = error
                break
            }
            runs.append((batch, read))
            recognised(batch.count)
        }
        guard !runs.isEmpty else { throw failure ?? ToolProcess.Failed(description: "no page was recognised") }
        let whole = scratch.appendingPathComponent("whole.pdf")
        let selection = Self.splicedPages(
            runs.map { run in (run.file.path, Array(run.pages)) }, original: file.path,
            pageCount: pageCount)
        _ = try await run(Self.qpdf, [file.path, "--pages"] + selection + ["--", whole.path], computing: 120, accepted: [0, 3])
        guard rename(whole.path, target.path) == 0 else {
            throw ToolProcess.Failed(description: "the recognised PDF could not replace the stored copy (errno \(errno))")
        }
        return Recognition(texts: texts, stoppedBy: failure)
    }

    /// qpdf's `--pages` arguments for the book `original` (of `pageCount` pages) with the pages
    /// of each recognised run in their places: `(file, pages)` says that `file`'s pages 1, 2…
    /// are the book's `pages` (in order). Pages that follow one another
    /// from one file go as one range, so a book of thousands of scans stays a short command.
    static func splicedPages(_ runs: [(file: String, pages: [Int])], original: String, pageCount: Int) -> [String] {
        var parts: [(file: String, first: Int, last: Int)] = []
        func add(_ file: String, _ first: Int, _ last: Int) {
            guard first <= last else { return }
            if let previous = parts.last, previous.file == file, previous.last + 1 == first {
                parts[parts.count - 1].last = last
            } else {
                parts.append((file, first, last))
            }
        }
        var next = 1
        for run in runs {
            for (index, page) in run.pages.enumerated() where page >= next && page <= pageCount {
                add(original, next, page - 1)
                add(run.file, index + 1, index + 1)
                next = page + 1
            }
        }
        add(original, next, pageCount)
        return parts.flatMap { [$0.file, $0.first == $0.last ? String($0.first) : "\($0.first)-\($0.last)"] }
    }

    /// What OCR read: the text of each page recognised, by page number, and what stopped it
    /// before the last page (nil when none did).
    struct Recognition {
        let texts: [Int: String]
        var stoppedBy: (any Error)? = nil
    }

    /// The first page as a JPEG `width` pixels wide, at `target`.
    func renderThumbnail(of file: URL, width: Int, to target: URL) async throws {
        let prefix = target.deletingPathExtension()
        _ = try await run(
            Self.pdftoppm,
            [
                "-jpeg", "-jpegopt", "quality=75", "-cropbox", "-singlefile", "-scale-to-x", String(width), "-scale-to-y", "-1",
                "-f", "1", "-l", "1", file.path, prefix.path,
            ], computing: 30)
        if prefix.appendingPathExtension("jpg") != target {
            try FileManager.default.moveItem(at: prefix.appendingPathExtension("jpg"), to: target)
        }
    }

    /// Runs a tool with `computing` seconds of CPU time (``ToolProcess/Limits``, with 1 GiB of
    /// address space): what a file costs, whatever else the machine does. The wall clock only
    /// stops a tool that stalls (``wallClock(forComputing:)``). In a ``line`` (an import), a
    /// tool that runs out of either is tried once more with ``longerTry`` times the time
    /// (``withOneLongerTry(computing:_:)``) before its file is blamed: a starved machine or a
    /// paused one costs a file nothing, and a heavy one gets its chance. Without one (a page
    /// drawn while a reader waits, in the reader's place) it is tried once.
    private func run(
        _ tool: String, _ arguments: [String], computing: TimeInterval, accepted: Set<Int32> = [0]
    ) async throws -> ToolProcess.Output {
        let once = { @Sendable (seconds: Int) in
            try await ToolProcess.run(
                tool, arguments, timeout: Self.wallClock(forComputing: seconds),
                limits: ToolProcess.Limits(addressSpaceBytes: 1 << 30, cpuSeconds: seconds), acceptedStatuses: accepted)
        }
        guard let line else { return try await once(Int(computing.rounded(.up))) }
        return try await Self.withOneLongerTry(computing: Int(computing.rounded(.up))) { seconds in
            try await line.run(spreading: true) { try await once(seconds) }
        }
    }

    /// How many times the computing time a tool's second try gets.
    static let longerTry = 4

    /// The wall-clock time a tool with `seconds` of computing may take: four times as long and
    /// a minute, for a machine whose cores are shared (the tool runs below the server's
    /// priority), so only a stalled tool reaches it.
    static func wallClock(forComputing seconds: Int) -> TimeInterval {
        TimeInterval(seconds * 4 + 60)
    }

    /// Runs `attempt` with `computing` seconds; when it runs out of time (computing or wall
    /// clock), once more with ``longerTry`` times as many. Any other failure, and the second
    /// try's, is thrown as it is.
    static func withOneLongerTry<Value>(computing seconds: Int, _ attempt: (Int) async throws -> Value) async throws -> Value {
        do {
            return try await attempt(seconds)
        } catch let failed as ToolProcess.Failed where failed.timeLimit != nil {
            return try await attempt(seconds * longerTry)
        }
    }

    /// The last line of a tool's complaint without the file's (temporary) path.
    /// Any other absolute path (one cut short, a folder) is taken out too: the server's folders
    /// are nobody's business.
    private static func lastLine(of message: String, hiding file: URL) -> String {
        let line = message.split(whereSeparator: \.isNewline).last.map(String.init) ?? message
        let named = line.replacingOccurrences(of: file.path + ": ", with: "").replacingOccurrences(of: file.path, with: "the file")
        return named.replacing(/\/[^\s:]+/, with: "…").trimmingCharacters(in: .whitespaces)
    }
}
