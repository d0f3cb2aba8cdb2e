import Vapor

/// The Reports module: one report library for every signed-in user — categories in levels,
/// reports as PDFs with rendered pages, full-text search — imported by an administrator.
enum ReportsModule: KineticModule {
    /// The module's stylesheet, loaded by its pages after the shared one.
    static let stylesheet = "css/reports.css"

    /// The library's PDFs are checked and rendered by qpdf and poppler, each under prlimit.
    static let systemTools = [
        SystemTool(path: PDFTools.qpdf, debianPackage: "qpdf", neededFor: "importing reports, the demo library"),
        SystemTool(path: PDFTools.pdfinfo, debianPackage: "poppler-utils", neededFor: "importing reports, the demo library"),
        SystemTool(path: PDFTools.pdftotext, debianPackage: "poppler-utils", neededFor: "importing reports, the demo library"),
        SystemTool(path: PDFTools.pdftoppm, debianPackage: "poppler-utils", neededFor: "importing reports, the demo library"),
        SystemTool(path: PDFTools.prlimit, debianPackage: "util-linux", neededFor: "memory and time limits on the PDF tools"),
        SystemTool(path: PDFTools.ocrmypdf, debianPackage: "ocrmypdf", neededFor: "finding scanned reports by their words (OCR)"),
        SystemTool(
            path: PDFTools.tessdata + "/deu.traineddata", debianPackage: "tesseract-ocr-deu", neededFor: "OCR of German scans",
            isProgram: false),
        PDFReaderAssets.tool,
    ]

    static func register(on routes: ModuleRoutes) {
        registerPages(on: routes.signedIn, configuration: routes.configuration)
        PDFReaderAssets.register(on: routes.web)
        let api = routes.apiSignedIn
        let reports = ReportsAPIController()
        api.get(SiteURL.api(.reports(.category(id: nil))).pathComponents, use: reports.level)
        api.get(SiteURL.api(.reports(.categoryReports(id: nil))).pathComponents, use: reports.levelReports)
        api.get(SiteURL.api(.reports(.search)).pathComponents, use: reports.search)
        api.on(
            .POST, SiteURL.api(.reports(.importLibrary)).pathComponents, streamingAtMost: routes.configuration.maximumUploadBytes,
            use: reports.uploadImport)
        api.refuseMethodsOtherThanPOST(.api(.reports(.importLibrary)))
        api.post(SiteURL.api(.reports(.undoImport)).pathComponents, use: reports.undoImport)
        api.refuseMethodsOtherThanPOST(.api(.reports(.undoImport)))
        api.get(SiteURL.api(.reports(.importDraft(id: nil))).pathComponents, use: reports.waitingImport)
        api.delete(SiteURL.api(.reports(.importDraft(id: nil))).pathComponents, use: reports.discardImport)
        api.post(SiteURL.api(.reports(.confirmImport(id: nil))).pathComponents, use: reports.confirmImport)
        api.get(SiteURL.api(.reports(.importStatus(id: nil))).pathComponents, use: reports.importStatus)
        api.get(SiteURL.api(.reports(.report(id: nil))).pathComponents, use: reports.report)
        api.get(SiteURL.api(.reports(.hits(id: nil))).pathComponents, use: reports.hits)
        registerFiles(on: api) { .api(.reports($0)) }
    }

    private static func registerPages(on web: any RoutesBuilder, configuration: KineticConfiguration) {
        let pages = ReportsController()
        web.get(SiteURL.module(.reports).pathComponents, use: pages.start)
        web.get(SiteURL.reports(.category(id: nil)).pathComponents, use: pages.level)
        web.get(SiteURL.reports(.categoryReports(id: nil)).pathComponents, use: pages.list)
        web.get(SiteURL.reports(.search).pathComponents, use: pages.search)
        web.get(SiteURL.reports(.report(id: nil)).pathComponents, use: pages.report)
        web.get(SiteURL.reports(.hits(id: nil)).pathComponents, use: pages.hits)
        registerFiles(on: web) { .reports($0) }

        let importer = ReportImportController()
        web.get(SiteURL.reports(.importLibrary).pathComponents, use: importer.show)
        web.on(
            .POST, SiteURL.reports(.importLibrary).pathComponents, streamingAtMost: configuration.maximumUploadBytes,
            use: importer.upload)
        web.get(SiteURL.reports(.importDraft(id: nil)).pathComponents, use: importer.preview)
        web.post(SiteURL.reports(.confirmImport(id: nil)).pathComponents, use: importer.confirm)
        web.get(SiteURL.reports(.importStatus(id: nil)).pathComponents, use: importer.status)
        web.post(SiteURL.reports(.discardImport(id: nil)).pathComponents, use: importer.discard)
        web.post(SiteURL.reports(.undoImport).pathComponents, use: importer.undo)
    }

    /// The file routes under the paths `url` makes of a report path.
    private static func registerFiles(on routes: any RoutesBuilder, _ url: (SiteURL.ReportsPath) -> SiteURL) {
        let files = ReportFilesController()
        routes.get(url(.pdf(id: nil)).pathComponents, use: files.pdf)
        routes.get(url(.page(id: nil, number: nil)).pathComponents, use: files.page)
        routes.get(url(.thumbnail(id: nil)).pathComponents, use: files.thumbnail)
    }
}
