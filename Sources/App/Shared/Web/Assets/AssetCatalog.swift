import Crypto
import Foundation
import KineticCore
import NIOConcurrencyHelpers
import Vapor

/// `Public/`, read once at start and served from memory. Each file also has a fingerprinted
/// address, `/assets/<path with a digest of its bytes before the extension>`
/// (`/assets/js/shared/app.3f9c1e2a4b.js`), that a browser may keep for a year: a changed file
/// gets a new address. Pages name files by those addresses (``url(_:)``); a module's imports
/// are rewritten to them too, so a module's digest covers what it imports, and a page can ask
/// for its whole module graph at once (``modules(importedBy:)``). The plain address
/// (`/js/shared/app.js`) keeps answering, to be checked again on each use: the API names the
/// stock wish cards by theirs.
final class AssetCatalog: Sendable {
    /// Where fingerprinted files are served from.
    static let prefix = "/assets/"

    /// One file of `Public/`.
    final class Asset: Sendable {
        /// Relative to `Public/`, e.g. `js/shared/app.js`.
        let path: String
        /// `/assets/js/shared/app.3f9c1e2a4b.js`.
        let fingerprintedURL: String
        let contentType: String
        /// The modules this one needs to run (paths; not those it imports when needed), if it is a module.
        let imports: [String]
        /// The bytes as served without a coding (a module's with its imports rewritten).
        let bytes: ByteBuffer
        private let digest: String
        /// Compressed forms, made when first asked for (the smallest Brotli and gzip take a
        /// while, so a server that starts is not kept waiting) and kept; nil: not worth it.
        private let encoded = NIOLockedValueBox<[ContentCoding: ByteBuffer?]>([:])

        init(path: String, contentType: String, imports: [String], bytes: [UInt8]) {
            let digest = SHA256.hash(data: bytes).prefix(5).map { String(format: "%02x", $0) }.joined()
            self.path = path
            self.contentType = contentType
            self.imports = imports
            self.bytes = ByteBuffer(bytes: bytes)
            self.digest = digest
            fingerprintedURL = AssetCatalog.prefix + Self.fingerprinted(path, digest: digest)
        }

        /// Whether the file is of a kind compression shrinks.
        var compresses: Bool { ContentCoding.compresses(mediaType: contentType) }

        /// The strong validator of the form sent with `coding` (each form has its own).
        func entityTag(_ coding: ContentCoding?) -> String {
            "\"" + digest + (coding.map { "-" + $0.rawValue } ?? "") + "\""
        }

        /// The body compressed with `coding`, or nil when that does not make it smaller (or the
        /// file is too small or of a kind already compressed).
        func body(_ coding: ContentCoding) -> ByteBuffer? {
            guard compresses, bytes.readableBytes >= ContentCoding.minimumBytes else { return nil }
            if let known = encoded.withLockedValue({ $0[coding] }) { return known }
            let made = coding.encode(bytes, effort: .smallest)
            encoded.withLockedValue { $0[coding] = made }
            return made
        }

        /// `js/shared/app.js` → `js/shared/app.3f9c1e2a4b.js`.
        static func fingerprinted(_ path: String, digest: String) -> String {
            let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
            guard let dot = path[slash...].lastIndex(of: "."), dot > slash else { return path + "." + digest }
            return path[..<dot] + "." + digest + path[dot...]
        }
    }

    private let byPath: [String: Asset]
    private let byFingerprintedURL: [String: Asset]

    /// Reads every file under `directory` (hidden files skipped).
    init(directory: URL) throws {
        var sources: [String: [UInt8]] = [:]
        let root = directory.standardizedFileURL.resolvingSymlinksInPath()
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let file = files?.nextObject() as? URL {
            guard try file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let path = String(file.resolvingSymlinksInPath().path.dropFirst(root.path.count + 1))
            sources[path] = Array(try Data(contentsOf: file))
        }
        var assets: [String: Asset] = [:]
        // A module's address depends on its imports' addresses: those are made first.
        func make(_ path: String, importing: [String]) throws -> Asset {
            if let made = assets[path] { return made }
            guard let source = sources[path] else { throw AssetError.unknownImport(path, by: importing.last ?? path) }
            guard !importing.contains(path) else { throw AssetError.importCycle(importing + [path]) }
            let asset: Asset
            if path.hasSuffix(".js") {
                let text = String(decoding: source, as: UTF8.self)
                let specifiers = ModuleImports.specifiers(in: text)
                for specifier in specifiers {
                    guard let imported = ModuleImports.resolve(specifier.text, from: path) else {
                        throw AssetError.unknownImport(specifier.text, by: path)
                    }
                    _ = try make(imported, importing: importing + [path])
                }
                // Sent without its comments and indentation (its imports are read before).
                let rewritten = ServedText.compacted(try ModuleImports.rewrite(text, modulePath: path) { assets[$0]?.fingerprintedURL })
                // What the module needs to run comes with the page; what it imports when needed, then.
                let imports = specifiers.filter { !$0.isDynamic }.compactMap { ModuleImports.resolve($0.text, from: path) }
                asset = Asset(path: path, contentType: Self.contentType(of: path), imports: imports, bytes: Array(rewritten.utf8))
            } else if path.hasSuffix(".css") {
                let text = ServedText.compacted(String(decoding: source, as: UTF8.self))
                asset = Asset(path: path, contentType: Self.contentType(of: path), imports: [], bytes: Array(text.utf8))
            } else {
                asset = Asset(path: path, contentType: Self.contentType(of: path), imports: [], bytes: source)
            }
            assets[path] = asset
            return asset
        }
        for path in sources.keys.sorted() { _ = try make(path, importing: []) }
        byPath = assets
        byFingerprintedURL = Dictionary(uniqueKeysWithValues: assets.values.map { ($0.fingerprintedURL, $0) })
    }

    /// The catalog of `directory`, read the first time this process asks: `Public/` ships with
    /// the build and does not change while Kinetic runs (and every application a test process
    /// configures shares one reading).
    static func shared(directory: URL) throws -> AssetCatalog {
        try read.withLockedValue { catalogs in
            if let catalog = catalogs[directory.path] { return catalog }
            let catalog = try AssetCatalog(directory: directory)
            catalogs[directory.path] = catalog
            return catalog
        }
    }

    private static let read = NIOLockedValueBox<[String: AssetCatalog]>([:])

    /// The fingerprinted address of the file at `path` (relative to `Public/`, e.g. `css/app.css`).
    /// A path no file has is a mistake in Kinetic's own pages: its plain address is given, which
    /// answers 404 and shows in the browser's console.
    func url(_ path: String) -> String {
        byPath[path]?.fingerprintedURL ?? "/" + path
    }

    /// The file a request path names: a fingerprinted address (`fingerprinted` true) or a plain one.
    func asset(requestPath: String) -> (asset: Asset, fingerprinted: Bool)? {
        if requestPath.hasPrefix(Self.prefix) {
            return byFingerprintedURL[requestPath].map { ($0, true) }
        }
        return byPath[String(requestPath.drop { $0 == "/" })].map { ($0, false) }
    }

    /// The fingerprinted addresses of every module the modules at `entries` import, directly or
    /// not, in a stable order and each once; the entries themselves excluded.
    func modules(importedBy entries: [String]) -> [String] {
        var seen = Set(entries)
        var order: [String] = []
        var pending = entries
        while !pending.isEmpty {
            let path = pending.removeFirst()
            for imported in byPath[path]?.imports ?? [] where seen.insert(imported).inserted {
                order.append(imported)
                pending.append(imported)
            }
        }
        return order.compactMap { byPath[$0]?.fingerprintedURL }
    }

    private static func contentType(of path: String) -> String {
        let fileExtension = (path as NSString).pathExtension.lowercased()
        switch fileExtension {
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "json", "webmanifest": return "application/json"
        case "html": return "text/html; charset=utf-8"
        case "txt": return "text/plain; charset=utf-8"
        default: return HTTPMediaType.fileExtension(fileExtension)?.serialize() ?? "application/octet-stream"
        }
    }
}

/// Why `Public/` cannot be served: a module imports what is not there, or imports itself.
enum AssetError: Error, CustomStringConvertible {
    case unknownImport(String, by: String)
    case importCycle([String])

    var description: String {
        switch self {
        case .unknownImport(let specifier, let module): "\(module) imports \(specifier), which is no file of Public/"
        case .importCycle(let chain): "Modules import each other in a circle: \(chain.joined(separator: " → "))"
        }
    }
}

extension Application {
    private struct AssetCatalogKey: StorageKey { typealias Value = AssetCatalog }

    /// `Public/`'s files, read by ``configure(_:_:)``.
    var assets: AssetCatalog {
        get {
            guard let catalog = storage[AssetCatalogKey.self] else { fatalError("configure(_:_:) reads Public/ first") }
            return catalog
        }
        set { storage[AssetCatalogKey.self] = newValue }
    }
}
