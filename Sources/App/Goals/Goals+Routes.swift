import Vapor

/// The Goals module: the monthly rings, the goals sheet, jump history and the parks' API.
enum GoalsModule: KineticModule {
    /// The module's stylesheet, loaded by its pages after the shared one.
    static let stylesheet = "css/goals.css"

    static func register(on routes: ModuleRoutes) {
        let goals = GoalsController()
        routes.signedIn.get(SiteURL.module(.goals).pathComponents, use: goals.show)
        routes.signedIn.post(SiteURL.editGoals.pathComponents, use: goals.saveGoals)
        let daysOff = DaysOffController()
        routes.signedIn.get(SiteURL.daysOff.pathComponents, use: daysOff.show)
        routes.signedIn.post(SiteURL.daysOff.pathComponents, use: daysOff.save)
        let history = JumpHistoryController()
        routes.signedIn.get(SiteURL.jumpHistory.pathComponents, use: history.show)
        routes.signedIn.post(SiteURL.jumpHistory.pathComponents, use: history.add)

        let api = GoalsAPIController()
        routes.apiSignedIn.post(SiteURL.api(.jumpSessions).pathComponents, use: api.addSession)
        routes.apiSignedIn.get(SiteURL.api(.jumpSessions).pathComponents, use: api.listSessions)
        routes.apiSignedIn.get(SiteURL.api(.goals(customerId: nil)).pathComponents, use: api.goals)
        routes.apiSignedIn.get(SiteURL.api(.goalMonths).pathComponents, use: api.progress)
        routes.apiSignedIn.get(SiteURL.api(.goalPauses).pathComponents, use: api.pauses)
        routes.apiSignedIn.put(SiteURL.api(.goalPauses).pathComponents, use: api.setPauses)
    }
}
