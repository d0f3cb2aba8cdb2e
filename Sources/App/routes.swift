import Vapor

/// Registers every route: the web pages (session cookie + CSRF) and the JSON API (bearer token).
func routes(_ app: Application) throws {
    let site = SiteController()
    app.get(SiteURL.healthz.pathComponents, use: site.healthz)
    app.get(SiteURL.openAPI.pathComponents, use: site.openAPI)

    let web = app.grouped(WebSessionMiddleware(), CSRFMiddleware())
    web.get(SiteURL.manifest.pathComponents, use: site.manifest)
    web.get(SiteURL.home.pathComponents, use: site.home)

    let auth = AuthWebController()
    web.get(SiteURL.login.pathComponents, use: auth.showLogin)
    web.post(SiteURL.login.pathComponents, use: auth.login)
    web.get(SiteURL.signUp.pathComponents, use: auth.showSignUp)
    web.post(SiteURL.signUp.pathComponents, use: auth.signUp)
    web.post(SiteURL.logout.pathComponents, use: auth.logout)

    let signedIn = web.grouped(RequireSignedInMiddleware())
    signedIn.get(SiteURL.profile.pathComponents, use: ProfileController().show)
    let settings = SettingsController()
    signedIn.get(SiteURL.settings.pathComponents, use: settings.show)
    signedIn.post(SiteURL.settingsLanguage.pathComponents, use: settings.updateLanguage)
    let fitness = FitnessSettingsController()
    signedIn.get(SiteURL.fitnessSettings.pathComponents, use: fitness.show)
    signedIn.post(SiteURL.fitnessSettings.pathComponents, use: fitness.update)
    let goals = GoalsController()
    signedIn.get(SiteURL.module(.goals).pathComponents, use: goals.show)
    signedIn.post(SiteURL.editGoals.pathComponents, use: goals.saveGoals)
    let history = JumpHistoryController()
    signedIn.get(SiteURL.jumpHistory.pathComponents, use: history.show)
    signedIn.post(SiteURL.jumpHistory.pathComponents, use: history.add)
    let steps = StepsController()
    signedIn.get(SiteURL.module(.steps).pathComponents, use: steps.show)
    signedIn.on(.POST, SiteURL.stepsImport.pathComponents, body: .stream, use: steps.upload)
    for module in SiteURL.Module.allCases where module != .goals && module != .steps {
        signedIn.get(SiteURL.module(module).pathComponents, use: site.comingSoon(module))
    }

    let api = app.grouped(BearerTokenAuthenticator())
    let accounts = AccountsAPIController()
    api.post(SiteURL.api(.accounts).pathComponents, use: accounts.signUp)
    api.post(SiteURL.api(.login).pathComponents, use: accounts.login)
    let apiSignedIn = api.grouped(RequireBearerMiddleware())
    apiSignedIn.post(SiteURL.api(.logout).pathComponents, use: accounts.logout)
    let profile = ProfileAPIController()
    apiSignedIn.get(SiteURL.api(.profile).pathComponents, use: profile.show)
    apiSignedIn.put(SiteURL.api(.profile).pathComponents, use: profile.update)
    let goalsAPI = GoalsAPIController()
    apiSignedIn.post(SiteURL.api(.jumpSessions).pathComponents, use: goalsAPI.addSession)
    apiSignedIn.get(SiteURL.api(.jumpSessions).pathComponents, use: goalsAPI.listSessions)
    apiSignedIn.get(SiteURL.api(.goals(customerId: nil)).pathComponents, use: goalsAPI.goals)
    let stepsAPI = StepsAPIController()
    apiSignedIn.get(SiteURL.api(.stepsDaily).pathComponents, use: stepsAPI.daily)
    apiSignedIn.on(.POST, SiteURL.api(.healthSamples).pathComponents, body: .collect(maxSize: "16mb"), use: stepsAPI.push)
    apiSignedIn.on(.POST, SiteURL.api(.healthImport).pathComponents, body: .stream, use: stepsAPI.upload)
}
