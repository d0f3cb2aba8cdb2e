import Foundation
import Vapor

/// A path of the site, used both to register a route and to build a link. The shared paths are
/// here; each module declares its own in its folder (`<Module>+URLs.swift`), as members of
/// ``SiteURL``, ``SiteURL/API`` and ``SiteURL/Module``, so a new module touches no shared file.
struct SiteURL: Hashable, Sendable {
    /// The path's components, for registering routes.
    let pathComponents: [PathComponent]

    init(_ pathComponents: [PathComponent]) {
        self.pathComponents = pathComponents
    }

    static let home = SiteURL([])
    static let manifest = SiteURL(["manifest.webmanifest"])
    /// The service worker: at the site's root, so that it may control every page.
    static let serviceWorker = SiteURL(["sw.js"])
    /// What the service worker shows for a page not kept on this device while offline.
    static let offline = SiteURL(["offline"])
    static let healthz = SiteURL(["healthz"])
    static let livez = SiteURL(["livez"])
    static let readyz = SiteURL(["readyz"])
    static let metrics = SiteURL(["metrics"])
    static let openAPI = SiteURL(["api", "openapi.yaml"])

    /// A product module's first page, `/goals`.
    static func module(_ module: Module) -> SiteURL { SiteURL([.constant(module.name)]) }

    /// A product module, by the name its paths start with; each declares its own
    /// (`static let goals = Module("goals")`).
    struct Module: Hashable, Sendable {
        let name: String

        init(_ name: String) {
            self.name = name
        }
    }

    /// A route of the JSON API, under `/api/v1`; each module declares its own.
    static func api(_ route: API) -> SiteURL { SiteURL(["api", "v1"] + route.pathComponents) }

    /// A route of the JSON API, by its components after `/api/v1`.
    struct API: Hashable, Sendable {
        let pathComponents: [PathComponent]

        init(_ pathComponents: [PathComponent]) {
            self.pathComponents = pathComponents
        }
    }

    /// The path, e.g. `/settings/fitness`.
    var path: String {
        "/" + pathComponents.map(\.description).joined(separator: "/")
    }

    /// A path component: the value, or the route parameter `name` when there is none.
    static func parameter(_ value: String?, _ name: String) -> PathComponent {
        value.map { .constant($0) } ?? .parameter(name)
    }

    /// The path with a query, e.g. `SiteURL.settings.with([("saved", "language")])`.
    func with(_ items: [(name: String, value: String?)]) -> String {
        path + Self.query(items)
    }

    /// `?name=value&…` for the items with a value, each name and value percent-encoded; empty
    /// when no item has one.
    static func query(_ items: [(name: String, value: String?)]) -> String {
        let pairs = items.compactMap { item in item.value.map { encode(item.name) + "=" + encode($0) } }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }

    /// A `mailto:` link to `address` with `subject` (RFC 6068): both percent-encoded but the
    /// address's `@`, so a `#`, `?` or `&` in either stays text.
    static func mailto(_ address: String, subject: String) -> String {
        "mailto:" + encode(address).replacingOccurrences(of: "%40", with: "@") + "?subject=" + encode(subject)
    }

    /// Unreserved characters (RFC 3986 §2.3): ASCII letters and digits and `-._~`.
    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// Unreserved characters stay; everything else is percent-encoded as UTF-8.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
