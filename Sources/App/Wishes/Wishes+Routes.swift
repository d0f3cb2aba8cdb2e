import AddressBook
import KineticCore
import Vapor

/// The Wishes module: greetings for an occasion, composed with stock texts and cards or one's
/// own photo, scheduled for a time in the sender's zone and delivered by e-mail, to Connections
/// and into recipients' Inboxes by the scheduler inside the server (``WishScheduler``).
enum WishesModule: KineticModule {
    /// The module's stylesheet, loaded by its pages after the shared one.
    static let stylesheet = "css/wishes.css"

    /// Photos are re-encoded by ffmpeg; stock cards are drawn into e-mails by rsvg-convert.
    static let systemTools = [
        SystemTool(path: WishPhotoImporter.ffmpeg, debianPackage: "ffmpeg", neededFor: "photos in wishes"),
        SystemTool(path: WishImages.rsvgConvert, debianPackage: "librsvg2-bin", neededFor: "cards in wish e-mails"),
    ]

    static func register(on routes: ModuleRoutes) {
        registerPages(on: routes.signedIn)
        let optOut = MailOptOutController()
        routes.links.get(SiteURL.mailOptOut(token: nil).pathComponents, use: optOut.show)
        routes.links.post(SiteURL.mailOptOut(token: nil).pathComponents, use: optOut.stop)
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
        for path in [SiteURL.WishesPath.occasions, .counts, .searchHistory, .yearlyList] {
            api.refuseMethods(on: .api(.wishes(path)), allowing: [.GET])
        }
        let photos = WishPhotosController()
        api.on(.POST, url(.photos), streamingAtMost: WishPhotoCheck.maximumBytes, use: photos.upload)
        api.refuseMethodsOtherThanPOST(.api(.wishes(.photos)))
        api.get(url(.photo(id: nil)), use: photos.file)
        api.get(url(.wish(id: nil)), use: wishes.show)
        api.put(url(.wish(id: nil)), use: wishes.replace)
        api.delete(url(.wish(id: nil)), use: wishes.delete)
        api.post(url(.thanks(id: nil)), use: wishes.thank)
        let yearly = WishSeriesAPIController()
        api.get(url(.yearlyList), use: yearly.list)
        api.get(url(.yearly(id: nil)), use: yearly.show)
        api.delete(url(.yearly(id: nil)), use: yearly.end)
        api.post(url(.pauseYearly(id: nil)), use: yearly.pause)
        api.post(url(.resumeYearly(id: nil)), use: yearly.resume)
        let contacts = WishContactsAPIController()
        api.get(url(.contacts), use: contacts.list)
        api.post(url(.contacts), use: contacts.create)
        api.on(.POST, url(.importContacts), collectingAtMost: ContactFile.maximumBytes, use: contacts.importFile)
        api.refuseMethodsOtherThanPOST(.api(.wishes(.importContacts)))
        api.get(url(.contact(id: nil)), use: contacts.show)
        api.put(url(.contact(id: nil)), use: contacts.replace)
        api.delete(url(.contact(id: nil)), use: contacts.delete)
    }

    private static func registerPages(on web: any RoutesBuilder) {
        let pages = WishesController()
        web.get(SiteURL.module(.wishes).pathComponents, use: pages.home)
        for box in WishBox.allCases { web.get(SiteURL.wishes(.box(box)).pathComponents, use: pages.list(box)) }
        web.post(SiteURL.wishes(.delete).pathComponents, use: pages.delete)
        let compose = WishComposeController()
        web.get(SiteURL.wishes(.compose).pathComponents, use: compose.new)
        web.on(.POST, SiteURL.wishes(.preview).pathComponents, collectingAtMost: 16 << 20, use: compose.preview)
        web.post(SiteURL.wishes(.revise).pathComponents, use: compose.revise)
        // Confirm carries a photo's file when the wish was composed offline (the phone's outbox).
        web.on(.POST, SiteURL.module(.wishes).pathComponents, collectingAtMost: 16 << 20, use: compose.schedule)
        web.get(SiteURL.wishes(.edit(id: nil)).pathComponents, use: compose.edit)
        web.on(.POST, SiteURL.wishes(.edit(id: nil)).pathComponents, collectingAtMost: 16 << 20, use: compose.update)
        web.get(SiteURL.wishes(.photo(id: nil)).pathComponents, use: WishPhotosController().file)
        web.get(SiteURL.wishes(.wish(id: nil)).pathComponents, use: pages.message)
        web.post(SiteURL.wishes(.thanks(id: nil)).pathComponents, use: pages.thank)
        let yearly = WishYearlyController()
        web.get(SiteURL.wishes(.yearlyList).pathComponents, use: yearly.index)
        web.post(SiteURL.wishes(.pauseYearly(id: nil)).pathComponents, use: yearly.pause)
        web.post(SiteURL.wishes(.resumeYearly(id: nil)).pathComponents, use: yearly.resume)
        web.post(SiteURL.wishes(.endYearly(id: nil)).pathComponents, use: yearly.end)
        let contacts = WishContactsController()
        web.get(SiteURL.wishes(.contacts).pathComponents, use: contacts.index)
        web.post(SiteURL.wishes(.contacts).pathComponents, use: contacts.create)
        web.get(SiteURL.wishes(.newContact).pathComponents, use: contacts.new)
        web.get(SiteURL.wishes(.importContacts).pathComponents, use: contacts.importForm)
        web.on(
            .POST, SiteURL.wishes(.importContacts).pathComponents, collectingAtMost: ContactFile.maximumBytes + 65_536,
            use: contacts.importPreview)
        web.on(.POST, SiteURL.wishes(.confirmImport).pathComponents, collectingAtMost: 2 << 20, use: contacts.importConfirm)
        web.get(SiteURL.wishes(.contact(id: nil)).pathComponents, use: contacts.show)
        web.post(SiteURL.wishes(.contact(id: nil)).pathComponents, use: contacts.update)
        web.post(SiteURL.wishes(.deleteContact(id: nil)).pathComponents, use: contacts.delete)
    }
}
