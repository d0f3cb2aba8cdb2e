import Foundation
import KineticCore
import ZIPFoundation

/// Unpacks an uploaded library zip into a folder, refusing what could escape it or fill the
/// disk: entries that are links or have unsafe paths, more than ``Limits/entries`` entries,
/// more than ``Limits/bytes`` in all, or an entry expanding more than
/// ``Limits/compressionRatio`` times (counted while it is written, not taken from its header).
/// macOS's `__MACOSX/` and `.DS_Store` entries are skipped.
enum ReportLibraryArchive {
    struct Limits {
        var entries = 60_000
        var bytes = 4 << 30
        var compressionRatio = 200
    }

    /// Unpacks `zip` into `folder` and returns the library's folder: `folder` itself when
    /// `library.json` is at the top, else the one folder that holds it.
    static func unpack(_ zip: URL, into folder: URL, limits: Limits = Limits()) throws -> URL {
        let archive: Archive
        do { archive = try Archive(url: zip, accessMode: .read) } catch {
            throw ReportLibraryProblems([ReportLibraryProblem("zip", "error.reports.zip.unreadable")])
        }
        var count = 0
        var written = 0
        for entry in archive {
            let path = entry.path.hasSuffix("/") ? String(entry.path.dropLast()) : entry.path
            if path.hasPrefix("__MACOSX/") || path == "__MACOSX" || path.hasSuffix(".DS_Store") { continue }
            count += 1
            guard count <= limits.entries else { throw problem(path, "error.reports.zip.tooManyEntries", [String(limits.entries)]) }
            guard ReportLibraryManifest.isSafeRelativePath(path), entry.type != .symlink else { throw problem(path, "error.reports.zip.unsafeEntry", []) }
            let target = folder.appendingPathComponent(path)
            if entry.type == .directory {
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
                continue
            }
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: target.path, contents: nil) else { throw problem(path, "error.reports.zip.unsafeEntry", []) }
            let handle = try FileHandle(forWritingTo: target)
            defer { try? handle.close() }
            let allowed = max(Int(entry.compressedSize), 1) * limits.compressionRatio
            var entryBytes = 0
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    entryBytes += chunk.count
                    written += chunk.count
                    guard entryBytes <= allowed, written <= limits.bytes else { throw ExpansionLimit() }
                    try handle.write(contentsOf: chunk)
                }
            } catch is ExpansionLimit {
                throw problem(path, "error.reports.zip.tooLarge", [])
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

    private struct ExpansionLimit: Error {}

    private static func problem(_ path: String, _ key: String, _ arguments: [String]) -> ReportLibraryProblems {
        ReportLibraryProblems([ReportLibraryProblem(path.isEmpty ? "zip" : path, key, arguments)])
    }
}
