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

        // Parks report for the members who let them, signed in with the park's own key.
        let parkAPI = ParkAPIController()
        let parks = routes.api.grouped(ParkAuthenticator(), RequireParkMiddleware())
        parks.post(SiteURL.api(.parkOwnLinks).pathComponents, use: parkAPI.requestLink)
        parks.get(SiteURL.api(.parkOwnLinks).pathComponents, use: parkAPI.links)
        parks.post(SiteURL.api(.parkLinkSessions(linkId: nil)).pathComponents, use: parkAPI.addSession)
        parks.get(SiteURL.api(.parkLinkSessions(linkId: nil)).pathComponents, use: parkAPI.sessions)
        let memberLinks = MemberParkLinksAPIController()
        routes.apiSignedIn.get(SiteURL.api(.memberParkLinks).pathComponents, use: memberLinks.list)
        routes.apiSignedIn.post(SiteURL.api(.approveParkLink(linkId: nil)).pathComponents, use: memberLinks.approve)
        routes.apiSignedIn.delete(SiteURL.api(.memberParkLink(linkId: nil)).pathComponents, use: memberLinks.decline)
        let parkLinks = ParkLinksController()
        routes.signedIn.get(SiteURL.parkLinks.pathComponents, use: parkLinks.show)
        routes.signedIn.post(SiteURL.parkLink(id: nil).pathComponents, use: parkLinks.answer)
    }
}
