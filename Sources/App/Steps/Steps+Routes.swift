import Vapor

/// The Steps module: the month chart and badges, Apple Health imports, pushes and sources.
enum StepsModule: KineticModule {
    /// The module's stylesheet, loaded by its pages after the shared one.
    static let stylesheet = "css/steps.css"

    static func register(on routes: ModuleRoutes) {
        let steps = StepsController()
        routes.signedIn.get(SiteURL.module(.steps).pathComponents, use: steps.show)
        routes.signedIn.on(
            .POST, SiteURL.stepsImport.pathComponents, streamingAtMost: routes.configuration.maximumUploadBytes, use: steps.upload)
        let sources = StepSourcesController()
        routes.signedIn.get(SiteURL.stepSources.pathComponents, use: sources.show)
        routes.signedIn.get(SiteURL.stepsDay(nil).pathComponents, use: steps.day)
        routes.signedIn.post(SiteURL.stepsCountAnyway(nil).pathComponents, use: steps.countAnyway)
        routes.signedIn.post(SiteURL.stepSources.pathComponents, use: sources.update)
        let sync = StepSyncController()
        routes.signedIn.get(SiteURL.stepSync.pathComponents, use: sync.show)
        routes.signedIn.post(SiteURL.stepSync.pathComponents, use: sync.add)
        routes.signedIn.post(SiteURL.stepSyncRemoval(id: nil).pathComponents, use: sync.remove)

        let api = StepsAPIController()
        routes.apiSignedIn.get(SiteURL.api(.stepsDaily).pathComponents, use: api.daily)
        routes.apiSignedIn.get(SiteURL.api(.stepsDaySources).pathComponents, use: api.daySources)
        routes.apiSignedIn.post(SiteURL.api(.stepsCountAnyway).pathComponents, use: api.countAnyway)
        let sourcesAPI = StepSourcesAPIController()
        routes.apiSignedIn.get(SiteURL.api(.stepSources).pathComponents, use: sourcesAPI.show)
        routes.apiSignedIn.put(SiteURL.api(.stepSources).pathComponents, use: sourcesAPI.update)
        // A phone's automations post with a token of their own (Settings › Step Sync) or an API token.
        let phones = routes.api.grouped(StepSyncAuthenticator(), RequireBearerMiddleware(), IdempotencyMiddleware())
        phones.on(.POST, SiteURL.api(.healthSamples).pathComponents, collectingAtMost: 16 << 20, use: api.push)
        phones.on(.POST, SiteURL.api(.healthAutoExport).pathComponents, collectingAtMost: 16 << 20, use: api.autoExport)
        routes.apiSignedIn.on(
            .POST, SiteURL.api(.healthImport).pathComponents, streamingAtMost: routes.configuration.maximumUploadBytes, use: api.upload)
    }
}
