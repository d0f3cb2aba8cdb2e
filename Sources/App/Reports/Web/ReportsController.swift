import Foundation
import KineticCore
import Vapor

/// The Reports pages: the start (the centre circle), each level as bubbles, the viewer, the
/// list of a level's reports and search. The files they show come from ``ReportFilesController``.
struct ReportsController {
    func start(_ request: Request) async throws -> Response {
        try await levelPage(request, categoryID: nil, isStart: true)
    }

    func level(_ request: Request) async throws -> Response {
        try await levelPage(request, categoryID: request.requestedCategoryID(), isStart: false)
    }

    private func levelPage(_ request: Request, categoryID: String?, isStart: Bool) async throws -> Response {
        guard let level = try await request.reports().library.level(categoryID) else { throw AppError.notFound }
        func text(_ name: String) -> String? {
            request.query[String.self, at: name].flatMap { value in
                let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
                return trimmed.isEmpty ? nil : String(trimmed.prefix(100))
            }
        }
        let asked = ReportsLevelPage.Request(
            keyword: text("keyword"), find: text("find"), order: ReadingOrder(query: text("order")),
            page: text("page").flatMap { Int($0.prefix(6)) } ?? 1)
        let library = try await request.reports().library.library()
        let model = ReportsLevelPage.model(
            level, library: library, isStart: isStart, asked: asked, isAdmin: try request.requireUser().isAdmin,
            hyphenator: request.application.hyphenator, l: request.localizer
        )
        return .html(ReportsLevelPage.render(model, context: PageContext(request: request)))
    }

    func report(_ request: Request) async throws -> Response {
        let model = ReportViewerPage.model(
            try await request.reports().report(request.requestedReportID), hyphenator: request.application.hyphenator, l: request.localizer)
        return .html(ReportViewerPage.render(model, context: PageContext(request: request)))
    }

    func list(_ request: Request) async throws -> Response {
        let categoryID = try request.requestedCategoryID()
        let library = try request.reports().library
        guard let level = try await library.level(categoryID), let reports = try await library.reports(under: categoryID)
        else {
            throw AppError.notFound
        }
        let model = ReportListPage.model(level: level, reports: reports, l: request.localizer)
        return .html(ReportListPage.render(model, context: PageContext(request: request)))
    }

    /// Where a reader's words are in a report, for its list of hits (``ReportHits/find(for:linkingViewer:)``).
    func hits(_ request: Request) async throws -> ReportHits {
        try await ReportHits.find(for: request, linkingViewer: true)
    }

    func search(_ request: Request) async throws -> Response {
        let l = request.localizer
        let query = (try? request.query.get(String.self, at: "q")) ?? ""
        let model: ReportSearchPage.Model
        do {
            let text = try request.searchText()
            model = ReportSearchPage.model(query: text, found: try await request.reports().library.search(text), error: nil, l: l)
        } catch is AppError {
            model = ReportSearchPage.model(
                query: String(query.prefix(200)), found: .none, error: l.t("error.reports.search.tooLong"), l: l)
        }
        return .html(
            ReportSearchPage.render(model, context: PageContext(request: request)), status: model.error == nil ? .ok : .unprocessableEntity)
    }

}
