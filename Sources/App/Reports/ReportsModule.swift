import Fluent
import Vapor

extension ReportsModule {
    static func migrations(_ configuration: KineticConfiguration) -> [any Migration] {
        [
            CreateReports(), AddPreviousReportLibrary(), AddReportPages(), AddRecognisedPages(), CreateReportImports(), NumberReportPages(),
            AddPageWords(), AddReportSpellings(), AddReportLanguages(),
        ]
    }

    /// One import at a time on this instance, and the imports' job.
    static func prepare(_ app: Application) throws {
        app.prepareReportImports()
        // An instance without the PDF tools leaves imports to those with them.
        if PDFTools.isAvailable { app.jobs.register(ReportImportJob.kind) { job, app in try await ReportImportJob.run(job, app) } }
        app.incomingUploads.register { app in try await ReportImportJob.waitingZips(app) }
    }

    static var commands: [any KineticCommand.Type] { [ImportReportsCommand.self] }

    static func loadSettings(from environment: [String: String], into settings: inout ModuleSettings) throws {
        try settings.load(ReportsSettings.self, from: environment)
    }

    static let menuItem: SideMenu.Item? = SideMenu.Item(
        icon: .reports, titleKey: "nav.reports", url: .module(.reports), summaryKey: "welcome.reports")

    /// The titles' hyphenation dictionaries are read, and the demo library is generated and
    /// imported when there is none, in the background.
    static func prepareToServe(_ app: Application, demo: Bool) async throws {
        app.hyphenator.prepareInBackground()
        if demo { ReportsDemo.prepareInBackground(app) }
    }
}
