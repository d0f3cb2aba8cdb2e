import Crypto
import Foundation

/// Kinetic's service worker (`Resources/service-worker.js`, which says what it keeps), filled in
/// for this release: the app shell it caches when it installs, the offline page, and a version
/// made from both, so a release that changes either installs a new worker, which drops the old
/// shell.
struct ServiceWorkerScript: Sendable {
    /// The script as served.
    let text: String
    /// The version it carries: a digest of the script with its shell.
    let version: String

    /// `template` with its placeholders filled from `assets` (the shell's fingerprinted addresses).
    init(template: String, assets: AssetCatalog) {
        let shell = Self.shellFiles.map(assets.url) + assets.modules(importedBy: Self.shellModules)
        let list = "[" + shell.map { "'\($0)'" }.joined(separator: ", ") + "]"
        let filled =
            template
            .replacingOccurrences(of: "__KINETIC_SHELL__", with: list)
            .replacingOccurrences(of: "'__KINETIC_OFFLINE_PAGE__'", with: "'\(SiteURL.offline.path)'")
        version = SHA256.hash(data: Data(filled.utf8)).prefix(5).map { String(format: "%02x", $0) }.joined()
        text = filled.replacingOccurrences(of: "__KINETIC_VERSION__", with: version)
    }

    /// The shell's modules: every signed-in page runs them.
    static let shellModules = ["js/shared/app.js"]
    /// What every signed-in page shows: its stylesheet, its modules and the icons.
    static let shellFiles = ["css/app.css", "images/icon.svg", "images/icon-192.png"] + shellModules
}
