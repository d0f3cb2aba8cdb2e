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

    /// Where a reader's words are in a report (`?find=`), for its list of hits: each place with
    /// its page and the words around it (at most ``hitsListed``) and how many there are. Opened
    /// from a search (`&search=` what was searched), also the reports that search found in its
    /// order, each with how many places the words are in, so the reader goes from the last hit
    /// of one to the first of the next. Every page is read off the event loop in the user's turn
    /// (``Request/parsing(bytes:_:)``), at most ``hitsTextBudget`` bytes of other reports.
    func hits(_ request: Request) async throws -> ReportHits {
        let reports = try request.reports()
        let report = try await reports.report(request.requestedReportID)
        let words = try request.findText("find")
        let search = try request.findText("search")
        guard let find = ReportFind(words) else { return ReportHits(count: 0, hits: [], reports: []) }
        let pages = try await reports.library.pageTexts(of: report.summary.id)
        let (hits, total) = try await request.parsing(bytes: pages.reduce(0) { $0 + $1.body.utf8.count }) {
            find.listing(pages.map { ($0.page, $0.body) }, limit: Self.hitsListed)
        }
        var across: [ReportHits.Report] = []
        let found = search.isEmpty ? [] : try await reports.library.search(search).results.prefix(Self.hitsReports)
        if found.contains(where: { $0.report.id == report.summary.id }) {
            var budget = Self.hitsTextBudget
            for result in found {
                let count: Int
                if result.report.id == report.summary.id {
                    count = total
                } else {
                    let pages = try await reports.library.pageTexts(of: result.report.id)
                    let bytes = pages.reduce(0) { $0 + $1.body.utf8.count }
                    budget -= bytes
                    guard budget >= 0 else { break }
                    count = try await request.parsing(bytes: bytes) { pages.reduce(0) { $0 + find.matches(in: $1.body).count } }
                }
                guard count > 0 else { continue }
                across.append(
                    ReportHits.Report(
                        id: result.report.id, title: result.report.title, language: result.report.language, count: count,
                        href: SiteURL.reports(.report(id: result.report.id)).with([("find", words), ("search", search)])))
            }
        }
        return ReportHits(count: total, hits: hits, reports: across.count > 1 ? across : [])
    }

    /// The most hits listed for one report (all are counted).
    static let hitsListed = 1_000
    /// The most reports of a search whose hits are counted.
    static let hitsReports = 20
    /// The most text of other reports read to count their hits.
    static let hitsTextBudget = 48 << 20

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

/// A reader's words in a report (``ReportsController/hits(_:)``).
struct ReportHits: Content, Equatable {
    /// How many places hold them.
    let count: Int
    /// The first ``ReportsController/hitsListed`` of them, in page order.
    let hits: [ReportFind.Hit]
    /// Opened from a search: the reports it found that hold them, this one among them, in the
    /// search's order; empty otherwise (or when only this one does).
    let reports: [Report]

    struct Report: Content, Equatable {
        let id: String
        let title: String
        let language: String?
        let count: Int
        /// The viewer, finding the same words from the same search.
        let href: String
    }
}
