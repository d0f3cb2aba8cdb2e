import Vapor

/// The Reports module: one report library for every signed-in user — categories in levels,
/// reports as PDFs with rendered pages, full-text search — imported by an administrator.
enum ReportsModule {
    static func register(on routes: ModuleRoutes) {
        registerPages(on: routes.signedIn)
        let api = routes.apiSignedIn
        let reports = ReportsAPIController()
        api.get(SiteURL.api(.reports(.category(id: nil))).pathComponents, use: reports.level)
        api.get(SiteURL.api(.reports(.categoryReports(id: nil))).pathComponents, use: reports.levelReports)
        api.get(SiteURL.api(.reports(.search)).pathComponents, use: reports.search)
        api.on(.POST, SiteURL.api(.reports(.importLibrary)).pathComponents, body: .stream, use: reports.importLibrary)
        api.refuseMethodsOtherThanPOST(.api(.reports(.importLibrary)))
        api.get(SiteURL.api(.reports(.report(id: nil))).pathComponents, use: reports.report)
        api.get(SiteURL.api(.reports(.pdf(id: nil))).pathComponents, use: reports.pdf)
        api.get(SiteURL.api(.reports(.page(id: nil, number: nil))).pathComponents, use: reports.page)
        api.get(SiteURL.api(.reports(.thumbnail(id: nil))).pathComponents, use: reports.thumbnail)
    }

    private static func registerPages(on web: any RoutesBuilder) {
        let pages = ReportsController()
        web.get(SiteURL.module(.reports).pathComponents, use: pages.start)
        web.get(SiteURL.reports(.category(id: nil)).pathComponents, use: pages.level)
        web.get(SiteURL.reports(.categoryReports(id: nil)).pathComponents, use: pages.list)
        web.get(SiteURL.reports(.search).pathComponents, use: pages.search)
        web.get(SiteURL.reports(.report(id: nil)).pathComponents, use: pages.report)
        web.get(SiteURL.reports(.pdf(id: nil)).pathComponents, use: pages.pdf)
        web.get(SiteURL.reports(.page(id: nil, number: nil)).pathComponents, use: pages.page)
        web.get(SiteURL.reports(.thumbnail(id: nil)).pathComponents, use: pages.thumbnail)

        let importer = ReportImportController()
        web.get(SiteURL.reports(.importLibrary).pathComponents, use: importer.show)
        web.on(.POST, SiteURL.reports(.importLibrary).pathComponents, body: .stream, use: importer.upload)
    }
}
