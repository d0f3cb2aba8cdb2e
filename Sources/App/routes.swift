import Vapor

/// Registers every route: the site's own, then each module's (``KineticModules``) on the shared
/// groups — web pages (session cookie + CSRF) and the JSON API (bearer token); signed-in `POST`s
/// of both honour `Idempotency-Key` (a form sent from the phone's outbox carries one).
func routes(_ app: Application) throws {
    let site = SiteController()
    app.get(SiteURL.healthz.pathComponents, use: site.healthz)
    let probes = ProbesController()
    app.get(SiteURL.livez.pathComponents, use: probes.livez)
    app.get(SiteURL.readyz.pathComponents, use: probes.readyz)
    app.get(SiteURL.metrics.pathComponents, use: MetricsController().metrics)
    app.get(SiteURL.openAPI.pathComponents, use: site.openAPI)
    app.get(SiteURL.reportLibrarySchema.pathComponents, use: site.reportLibrarySchema)
    let offline = OfflineController()
    app.get(SiteURL.serviceWorker.pathComponents, use: offline.serviceWorker)
    app.get(SiteURL.offline.pathComponents, use: offline.offline)

    let web = app.grouped(WebSessionMiddleware(), CSRFMiddleware())
    web.get(SiteURL.manifest.pathComponents, use: site.manifest)
    web.get(SiteURL.home.pathComponents, use: site.home)
    let api = app.grouped(BearerTokenAuthenticator())
    let modules = ModuleRoutes(
        web: web, signedIn: web.grouped(RequireSignedInMiddleware(), SentForAccountMiddleware(), IdempotencyMiddleware()),
        links: app.grouped(WebSessionMiddleware()),
        api: api, apiSignedIn: api.grouped(RequireBearerMiddleware(), IdempotencyMiddleware()),
        configuration: app.kineticConfiguration
    )
    modules.apiSignedIn.get(SiteURL.api(.job(id: nil)).pathComponents, use: JobsController().show)
    for module in KineticModules.all { module.register(on: modules) }
}
