import Foundation
import Vapor

/// Media in a directory of the server's (`KINETIC_MEDIA_DIR`, by default `media/` in the data
/// directory): each key a file at that relative path. Kept files are moved in (a rename on the
/// same file system) and written through a temporary name, so a reader never sees half a file.
struct LocalMediaStore: MediaStore {
    let directory: URL

    func url(of key: MediaKey) -> URL {
        directory.appendingPathComponent(key.description)
    }

    func keep(_ file: URL, as key: MediaKey, contentType: String) async throws {
        let target = url(of: key)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let arriving = target.deletingLastPathComponent().appendingPathComponent(".arriving-\(UUID().uuidString)")
        do {
            try FileManager.default.moveItem(at: file, to: arriving)
        } catch {
            // Another file system: copy, then let go of the original.
            try FileManager.default.copyItem(at: file, to: arriving)
            try? FileManager.default.removeItem(at: file)
        }
        try Self.moveReplacing(arriving, with: target)
    }

    func write(_ data: Data, as key: MediaKey, contentType: String) async throws {
        let target = url(of: key)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target, options: .atomic)
    }

    func data(_ key: MediaKey, maximumBytes: Int) async throws -> Data? {
        let file = url(of: key)
        guard let size = try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int else { return nil }
        guard size <= maximumBytes else { throw MediaTooLarge(key: key, maximumBytes: maximumBytes) }
        return try Data(contentsOf: file)
    }

    func exists(_ key: MediaKey) async throws -> Bool {
        FileManager.default.fileExists(atPath: url(of: key).path)
    }

    func download(_ key: MediaKey, to file: URL) async throws -> Bool {
        guard try await exists(key) else { return false }
        try? FileManager.default.removeItem(at: file)
        try FileManager.default.copyItem(at: url(of: key), to: file)
        return true
    }

    func localFile(_ key: MediaKey) -> URL? {
        let file = url(of: key)
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }

    func response(for key: MediaKey, contentType: HTTPMediaType, to request: Request) async throws -> Response? {
        let path = url(of: key).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try await request.fileio.asyncStreamFile(at: path, mediaType: contentType)
    }

    func remove(_ key: MediaKey) async throws {
        guard key.isObject else { throw MediaKey.Invalid(key: key.description) }
        try? FileManager.default.removeItem(at: url(of: key))
    }

    func removeAll(under prefix: MediaKey) async throws {
        for object in try await list(under: prefix) { try? FileManager.default.removeItem(at: url(of: object.key)) }
        if prefix.description.hasSuffix("/") { try? FileManager.default.removeItem(at: url(of: prefix)) }
    }

    func list(under prefix: MediaKey) async throws -> [MediaObject] {
        let base = directory.standardizedFileURL.path
        // Only the folder the prefix is in is walked (`reports/abc/` of `reports/abc/page-`).
        let folder = prefix.description.lastIndex(of: "/").map { String(prefix.description[...$0]) } ?? ""
        let start = folder.isEmpty ? directory : directory.appendingPathComponent(folder)
        guard
            let walker = FileManager.default.enumerator(
                at: start, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey], options: [.skipsHiddenFiles])
        else { return [] }
        var objects: [MediaObject] = []
        for case let file as URL in walker {
            let relative = String(file.standardizedFileURL.path.dropFirst(base.count + 1))
            guard relative.hasPrefix(prefix.description), let key = try? MediaKey(relative),
                let values = try? file.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]), values.isRegularFile == true
            else { continue }
            objects.append(MediaObject(key: key, size: Int64(values.fileSize ?? 0)))
        }
        return objects.sorted { $0.key < $1.key }
    }

    func checkReachable() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard FileManager.default.isWritableFile(atPath: directory.path) else {
            throw MediaUnreachable(description: "\(directory.path) is not writable")
        }
    }

    /// Puts `source` at `target` in one step (POSIX rename), replacing what was there.
    private static func moveReplacing(_ source: URL, with target: URL) throws {
        guard rename(source.path, target.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: source)
            throw MediaUnreachable(description: "could not move a file into \(target.path): \(String(cString: strerror(code)))")
        }
    }
}

/// The store could not be reached or written.
struct MediaUnreachable: Error, CustomStringConvertible {
    let description: String
}

/// An object asked for in memory is larger than its reader allows.
struct MediaTooLarge: Error, CustomStringConvertible {
    let key: MediaKey
    let maximumBytes: Int
    var description: String { "\(key) is larger than \(maximumBytes) bytes" }
}
