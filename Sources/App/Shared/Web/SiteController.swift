import Fluent
import SQLKit
import Vapor

/// The home redirect, the modules not built yet, the manifest, the health check and the API document.
struct SiteController {
    func home(_ request: Request) async throws -> Response {
        request.redirect(to: request.auth.has(User.self) ? SiteURL.profile.path : SiteURL.login.path)
    }

    func healthz(_ request: Request) async throws -> Response {
        let sql = try request.db.sql()
        do {
            try await sql.raw("SELECT 1").run()
        } catch {
            request.logger.error("Health check: the database does not answer: \(String(reflecting: error))")
            return Response(status: .serviceUnavailable, body: .init(string: "database unavailable\n"))
        }
        return Response(status: .ok, headers: ["Content-Type": "text/plain", "Cache-Control": "no-cache"], body: .init(string: "ok\n"))
    }

    func manifest(_ request: Request) async throws -> Response {
        let l = request.localizer
        let body = WebManifest(
            name: l.t("app.name"), short_name: l.t("app.name"), description: l.t("app.tagline"),
            // The id installs had before it was given: the start address.
            id: SiteURL.profile.path, start_url: SiteURL.profile.path, scope: "/", display: "standalone", orientation: "portrait",
            theme_color: "#1f6bff", background_color: "#f2f3f7", lang: l.language.rawValue,
            icons: [
                .init(src: request.application.assets.url("images/icon-192.png"), sizes: "192x192", type: "image/png", purpose: "any"),
                .init(src: request.application.assets.url("images/icon-512.png"), sizes: "512x512", type: "image/png", purpose: "any"),
                .init(
                    src: request.application.assets.url("images/icon-maskable-512.png"), sizes: "512x512", type: "image/png",
                    purpose: "maskable"),
                .init(src: request.application.assets.url("images/icon.svg"), sizes: "any", type: "image/svg+xml", purpose: "any"),
            ],
            shortcuts: SideMenu.modules.filter(\.isShortcut).map { item in
                .init(
                    name: l.t(item.titleKey), url: item.url.path,
                    icons: [
                        .init(
                            src: request.application.assets.url("images/icon-192.png"), sizes: "192x192", type: "image/png", purpose: "any")
                    ])
            }
        )
        let response = Response(status: .ok)
        try response.content.encode(body, as: .json)
        response.headers.contentType = HTTPMediaType(type: "application", subType: "manifest+json")
        return response
    }

    func openAPI(_ request: Request) async throws -> Response {
        try resource("openapi.yaml", contentType: "application/yaml; charset=utf-8", request)
    }

    /// The JSON Schema of a report library's datasource, `library.json`.
    func reportLibrarySchema(_ request: Request) async throws -> Response {
        try resource("report-library.schema.json", contentType: "application/schema+json", request)
    }

    private func resource(_ name: String, contentType: String, _ request: Request) throws -> Response {
        let path = request.application.directory.resourcesDirectory + name
        guard let data = FileManager.default.contents(atPath: path) else { throw AppError.notFound }
        return Response(status: .ok, headers: ["Content-Type": contentType], body: .init(data: data))
    }
}

/// The web app manifest (W3C), so Kinetic installs on a phone's home screen.
struct WebManifest: Content {
    struct Icon: Content {
        let src: String
        let sizes: String
        let type: String
        let purpose: String
    }

    /// A module's page offered on a long press of the installed app's icon.
    struct Shortcut: Content {
        let name: String
        let url: String
        let icons: [Icon]
    }

    let name: String
    let short_name: String
    let description: String
    let id: String
    let start_url: String
    let scope: String
    let display: String
    let orientation: String
    let theme_color: String
    let background_color: String
    let lang: String
    let icons: [Icon]
    let shortcuts: [Shortcut]
}
