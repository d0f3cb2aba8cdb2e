import Foundation
import KineticCore

/// Poppler (`pdfinfo`, `pdftotext`, `pdftoppm`) and `qpdf` on one untrusted PDF: no shell,
/// each run under `prlimit` (1 GiB of address space, a CPU-time cap) with a timeout, and never
/// past ``maximumPages``. Call them in a job of the ``ToolQueue``.
struct PDFTools: Sendable {
    static let qpdf = "/usr/bin/qpdf"
    static let pdfinfo = "/usr/bin/pdfinfo"
    static let pdftotext = "/usr/bin/pdftotext"
    static let pdftoppm = "/usr/bin/pdftoppm"
    static let prlimit = "/usr/bin/prlimit"

    /// Whether the tools are installed (Debian's `poppler-utils` and `qpdf`).
    static var isAvailable: Bool {
        [qpdf, pdfinfo, pdftotext, pdftoppm].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The most pages a report may have; a longer PDF is refused.
    var maximumPages = 500

    /// What the checks make of a file that starts like a PDF.
    enum Verdict: Equatable {
        case readable(PDFDocumentInfo)
        /// Encrypted with a password needed to open it.
        case needsPassword
        /// qpdf or pdfinfo could not read it; their message.
        case damaged(String)
        case tooManyPages(Int)
        case noPages
    }

    /// Checks `file`: `qpdf --requires-password`, `qpdf --check` (warnings are fine: qpdf
    /// recovered), then `pdfinfo` for the page count and metadata.
    func inspect(_ file: URL) async -> Verdict {
        do {
            let password = try await run(Self.qpdf, ["--requires-password", file.path], timeout: 30, accepted: [0, 2, 3])
            if password.status == 0 { return .needsPassword }
            _ = try await run(Self.qpdf, ["--check", file.path], timeout: 60, accepted: [0, 3])
            let output = try await run(Self.pdfinfo, ["-enc", "UTF-8", file.path], timeout: 30)
            guard let info = PDFDocumentInfo(pdfinfoOutput: String(decoding: output.standardOutput, as: UTF8.self)) else {
                return .damaged("pdfinfo found no page count")
            }
            if info.pages == 0 { return .noPages }
            if info.pages > maximumPages { return .tooManyPages(info.pages) }
            return .readable(info)
        } catch {
            return .damaged(Self.lastLine(of: String(describing: error), hiding: file))
        }
    }

    /// The text of the first `pages` pages, pages separated by form feeds.
    func text(of file: URL, pages: Int) async throws -> String {
        let output = try await run(Self.pdftotext, ["-enc", "UTF-8", "-l", String(min(pages, maximumPages)), file.path, "-"], timeout: 120)
        return String(decoding: output.standardOutput, as: UTF8.self)
    }

    /// Renders pages 1…`pages` as JPEGs `width` pixels wide into `directory`, named
    /// `page-1.jpg`, `page-2.jpg`…; returns them in page order.
    func renderPages(of file: URL, pages: Int, width: Int, into directory: URL) async throws -> [URL] {
        let count = min(pages, maximumPages)
        let scratch = directory.appendingPathComponent("rendering-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        _ = try await run(
            Self.pdftoppm,
            [
                "-jpeg", "-jpegopt", "quality=80", "-scale-to-x", String(width), "-scale-to-y", "-1",
                "-f", "1", "-l", String(count), file.path, scratch.appendingPathComponent("p").path,
            ], timeout: min(600, 20 + 3 * Double(count)))
        // pdftoppm pads the page number to the width of the last one: p-1.jpg or p-01.jpg.
        let rendered = try FileManager.default.contentsOfDirectory(atPath: scratch.path).compactMap { name -> (Int, String)? in
            guard name.hasPrefix("p-"), name.hasSuffix(".jpg"), let page = Int(name.dropFirst(2).dropLast(4)) else { return nil }
            return (page, name)
        }.sorted { $0.0 < $1.0 }
        guard rendered.map(\.0) == Array(1...count) else {
            throw ToolProcess.Failed(description: "pdftoppm rendered \(rendered.count) of \(count) pages")
        }
        return try rendered.map { page, name in
            let target = directory.appendingPathComponent("page-\(page).jpg")
            try FileManager.default.moveItem(at: scratch.appendingPathComponent(name), to: target)
            return target
        }
    }

    /// The first page as a JPEG `width` pixels wide, at `target`.
    func renderThumbnail(of file: URL, width: Int, to target: URL) async throws {
        let prefix = target.deletingPathExtension()
        _ = try await run(
            Self.pdftoppm,
            [
                "-jpeg", "-jpegopt", "quality=75", "-singlefile", "-scale-to-x", String(width), "-scale-to-y", "-1",
                "-f", "1", "-l", "1", file.path, prefix.path,
            ], timeout: 30)
        if prefix.appendingPathExtension("jpg") != target {
            try FileManager.default.moveItem(at: prefix.appendingPathExtension("jpg"), to: target)
        }
    }

    /// Runs a tool under `prlimit` when it is there: 1 GiB of address space and CPU seconds
    /// no more than the timeout.
    private func run(
        _ tool: String, _ arguments: [String], timeout: TimeInterval, accepted: Set<Int32> = [0]
    ) async throws -> ToolProcess.Output {
        guard FileManager.default.isExecutableFile(atPath: Self.prlimit) else {
            return try await ToolProcess.run(tool, arguments, timeout: timeout, acceptedStatuses: accepted)
        }
        let limits = ["--as=\(1 << 30)", "--cpu=\(Int(timeout.rounded(.up)))", "--", tool]
        return try await ToolProcess.run(Self.prlimit, limits + arguments, timeout: timeout, acceptedStatuses: accepted)
    }

    /// The last line of a tool's complaint without the file's (temporary) path.
    private static func lastLine(of message: String, hiding file: URL) -> String {
        let line = message.split(whereSeparator: \.isNewline).last.map(String.init) ?? message
        return line.replacingOccurrences(of: file.path + ": ", with: "").replacingOccurrences(of: file.path, with: "the file")
            .trimmingCharacters(in: .whitespaces)
    }
}
