import Foundation
import KineticCore
import KineticZip

/// Unpacks an uploaded library zip into a folder, refusing what could escape it or fill the
/// disk: entries that are links or have unsafe paths, more than ``Limits/entries`` entries,
/// more than ``Limits/bytes`` in all or ``Limits/totalCompressionRatio`` times the zip's own
/// size, or an entry expanding more than ``Limits/compressionRatio`` times. Every size is checked before anything is written
/// (``ZipArchive`` checks the zip's numbers against the file and never extracts more than an
/// entry declares).
/// macOS's `__MACOSX/` and `.DS_Store` entries are skipped.
enum ReportLibraryArchive {
    struct Limits {
        var entries = 60_000
        var bytes = 4 << 30
        var compressionRatio = 200
        /// The most the whole zip may expand: its entries' sizes together per byte of the zip.
        var totalCompressionRatio = 20
    }

    /// Unpacks `zip` into `folder` and returns the library's folder: `folder` itself when
    /// `library.json` is at the top, else the one folder that holds it.
    static func unpack(_ zip: URL, into folder: URL, limits: Limits = Limits()) throws -> URL {
        let archive: ZipArchive
        do { archive = try ZipArchive(url: zip, limits: ZipArchive.Limits(maximumEntries: limits.entries + 1_000)) } catch {
            throw ReportLibraryProblems([ReportLibraryProblem("zip", "error.reports.zip.unreadable")])
        }
        let zipBytes = (try? FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int) ?? 0
        let (total, totalOverflow) = max(zipBytes, 1 << 20).multipliedReportingOverflow(by: limits.totalCompressionRatio)
        let allowedBytes = totalOverflow ? limits.bytes : min(limits.bytes, total)
        var count = 0
        var declared = 0
        var entries: [ZipArchive.Entry] = []
        for entry in archive.entries {
            let path = entry.path.hasSuffix("/") ? String(entry.path.dropLast()) : entry.path
            if path.hasPrefix("__MACOSX/") || path == "__MACOSX" || path.hasSuffix(".DS_Store") { continue }
            count += 1
            guard count <= limits.entries else { throw problem(path, "error.reports.zip.tooManyEntries", [String(limits.entries)]) }
            guard ReportLibraryManifest.isSafeRelativePath(path), entry.kind != .symbolicLink else {
                throw problem(path, "error.reports.zip.unsafeEntry", [])
            }
            let (allowed, overflow) = max(entry.compressedSize, 1).multipliedReportingOverflow(by: limits.compressionRatio)
            guard !overflow, entry.uncompressedSize <= allowed, entry.uncompressedSize <= allowedBytes - declared else {
                throw problem(path, "error.reports.zip.tooLarge", [])
            }
            declared += entry.uncompressedSize
            entries.append(entry)
        }
        for entry in entries {
            let path = entry.path.hasSuffix("/") ? String(entry.path.dropLast()) : entry.path
            let target = folder.appendingPathComponent(path)
            if entry.kind == .directory {
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
                continue
            }
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: target.path, contents: nil) else {
                throw problem(path, "error.reports.zip.unsafeEntry", [])
            }
            let handle = try FileHandle(forWritingTo: target)
            defer { try? handle.close() }
            do {
                try archive.extract(entry) { chunk in try handle.write(contentsOf: chunk) }
            } catch {
                throw problem(path, "error.reports.zip.damagedEntry", [])
            }
        }
        let top = folder.appendingPathComponent(ReportLibraryManifest.fileName)
        if FileManager.default.fileExists(atPath: top.path) { return folder }
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0 != "__MACOSX" }
        if folders.count == 1 {
            let inner = folder.appendingPathComponent(folders[0])
            if FileManager.default.fileExists(atPath: inner.appendingPathComponent(ReportLibraryManifest.fileName).path) { return inner }
        }
        return folder
    }

    private static func problem(_ path: String, _ key: String, _ arguments: [String]) -> ReportLibraryProblems {
        ReportLibraryProblems([ReportLibraryProblem(path.isEmpty ? "zip" : path, key, arguments)])
    }
}
