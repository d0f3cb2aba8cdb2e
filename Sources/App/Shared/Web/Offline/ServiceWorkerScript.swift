import Crypto
import Foundation
import KineticCore
import Vapor

/// Kinetic's service worker (`Resources/service-worker.js`, which says what it keeps), filled in
/// for this release: the app shell it caches when it installs, the offline page's address, and a
/// version made from both and from the offline page itself, so a release that changes the shell
/// or that page installs a new worker, which fetches them again. Its comments are for whoever
/// reads the file; the browser gets it without them (``ServedText``), and compressed once at
/// start-up, as small as Brotli and gzip make it.
struct ServiceWorkerScript: Sendable {
    /// The script as served.
    let text: String
    /// The version it carries: a digest of the script with its shell and of the offline page.
    let version: String
    /// The script compressed, by coding, where that makes it smaller.
    let compressed: [ContentCoding: ByteBuffer]

    /// `template` with its placeholders filled from `assets` (the shell's fingerprinted addresses);
    /// `offlinePage` is the page as rendered, for the version.
    init(template: String, assets: AssetCatalog, offlinePage: String) {
        let shell = Self.shellFiles.map(assets.url) + assets.modules(importedBy: Self.shellModules)
        let list = "[" + shell.map { "'\($0)'" }.joined(separator: ", ") + "]"
        let filled = ServedText.compacted(template)
            .replacingOccurrences(of: "__KINETIC_SHELL__", with: list)
            .replacingOccurrences(of: "'__KINETIC_OFFLINE_PAGE__'", with: "'\(SiteURL.offline.path)'")
        version = SHA256.hash(data: Data((filled + offlinePage).utf8)).prefix(5).map { String(format: "%02x", $0) }.joined()
        text = filled.replacingOccurrences(of: "__KINETIC_VERSION__", with: version)
        var compressed: [ContentCoding: ByteBuffer] = [:]
        for coding in [ContentCoding.brotli, .gzip] {
            compressed[coding] = coding.encode(ByteBuffer(string: text), effort: .smallest)
        }
        self.compressed = compressed
    }

    /// The shell's modules: every signed-in page runs them.
    static let shellModules = ["js/shared/app.js"]
    /// What every signed-in page shows: its stylesheet, its modules and the icons.
    static let shellFiles = ["css/app.css", "images/icon.svg", "images/icon-192.png"] + shellModules
}

extension Application {
    private struct ServiceWorkerKey: StorageKey { typealias Value = ServiceWorkerScript }

    /// This release's service worker, made once at start-up (``prepareServiceWorker()``).
    var serviceWorker: ServiceWorkerScript {
        get { storage.configured(ServiceWorkerKey.self, "the service worker") }
        set { storage[ServiceWorkerKey.self] = newValue }
    }

    /// Makes ``serviceWorker`` from its template and `Public/`'s files; a missing template stops
    /// Kinetic at start-up. Called by `configure(_:_:)` once the assets and strings are read.
    func prepareServiceWorker() throws {
        let template = try resource("service-worker.js", "the service worker") { String(decoding: $0, as: UTF8.self) }
        let offlinePage = OfflinePage.render(localizer: Localizer(language: .source, catalog: stringCatalog), assets: assets)
        serviceWorker = ServiceWorkerScript(template: template, assets: assets, offlinePage: offlinePage)
    }
}
