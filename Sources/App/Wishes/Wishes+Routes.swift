import Vapor

/// The Wishes module: greetings for an occasion, composed with stock texts and cards or one's
/// own photo, scheduled for a time in the sender's zone and delivered by e-mail, to Connections
/// and into recipients' Inboxes by the scheduler inside the server (``WishScheduler``).
enum WishesModule {
    static func register(on routes: ModuleRoutes) {
        let api = routes.apiSignedIn
        let wishes = WishesAPIController()
        let url = { (path: SiteURL.WishesPath) in SiteURL.api(.wishes(path)).pathComponents }
        api.get(url(.occasions), use: wishes.occasions)
        api.get(url(.counts), use: wishes.counts)
        api.get(url(.searchHistory), use: wishes.searchHistory)
        api.get(url(.list), use: wishes.list)
        api.post(url(.list), use: wishes.create)
        api.post(url(.delete), use: wishes.deleteSeveral)
        api.refuseMethodsOtherThanPOST(.api(.wishes(.delete)))
        let photos = WishPhotosController()
        api.on(.POST, url(.photos), body: .stream, use: photos.upload)
        api.get(url(.photo(id: nil)), use: photos.file)
        api.get(url(.wish(id: nil)), use: wishes.show)
        api.put(url(.wish(id: nil)), use: wishes.replace)
        api.delete(url(.wish(id: nil)), use: wishes.delete)
    }
}
