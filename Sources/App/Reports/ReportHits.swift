import Foundation
import KineticCore
import Vapor

/// A reader's words in a report: the web reader's list of hits and the API's
/// (`GET /api/v1/reports/{reportId}/hits`).
struct ReportHits: Content {
    /// How many places hold them.
    let count: Int
    /// ``listed`` of them at most, in page order, from the one after the first `from`.
    let hits: [ReportFind.Hit]
    /// Opened from a search: the reports it found that hold them, this one among them, in the
    /// search's order; empty otherwise (or when only this one does).
    let reports: [Report]

    struct Report: Content {
        let id: String
        let title: String
        @NullEncoded var language: String?
        let count: Int
        /// The web viewer, finding the same words from the same search (not in the API).
        let href: String?
    }

    /// Where a reader's words are in a report (`?find=`), for its list of hits: each place with
    /// its page and the words around it (at most ``listed``) and how many there are. Opened
    /// from a search (`&search=` what was searched), also the reports that search found in its
    /// order, each with how many places the words are in, so the reader goes from the last hit
    /// of one to the first of the next. Every page is read off the event loop in the user's turn
    /// (``Request/parsing(bytes:_:)``), at most ``textBudget`` bytes of other reports.
    static func find(for request: Request, linkingViewer: Bool) async throws -> ReportHits {
        let reports = try request.reports()
        let report = try await reports.report(request.requestedReportID)
        // A search result's find holds its words, their corrections and spellings: longer than
        // what a person types (``ReportFind`` keeps 16 terms of it).
        let words = try request.findText("find", limit: findLimit)
        let search = try request.findText("search")
        // The list read on: the hits after the first `from` (the other reports were counted with the first batch).
        let asked = request.query[String.self, at: "from"]
        guard let from = asked.map({ $0.count <= 9 ? Int($0) : nil }) ?? 0, from >= 0 else {
            throw AppError.validation(FieldErrors(["from": "error.reports.hits.from"]))
        }
        guard let find = ReportFind(words) else { return ReportHits(count: 0, hits: [], reports: []) }
        let pages = try await reports.library.pageTexts(of: report.summary.id)
        let (hits, total) = try await request.parsing(bytes: pages.reduce(0) { $0 + $1.body.utf8.count }) {
            find.listing(pages.map { ($0.page, $0.body) }, limit: listed, skipping: from)
        }
        var across: [ReportHits.Report] = []
        let found = search.isEmpty || from > 0 ? [] : try await reports.library.search(search).results.prefix(reportsCounted)
        if found.contains(where: { $0.report.id == report.summary.id }) {
            var budget = textBudget
            for result in found {
                let count: Int
                if result.report.id == report.summary.id {
                    count = total
                } else {
                    let pages = try await reports.library.pageTexts(of: result.report.id)
                    let bytes = pages.reduce(0) { $0 + $1.body.utf8.count }
                    // Past the budget the other reports go uncounted; this one is always there.
                    guard bytes <= budget else { continue }
                    budget -= bytes
                    count = try await request.parsing(bytes: bytes) { pages.reduce(0) { $0 + find.matches(in: $1.body).count } }
                }
                guard count > 0 else { continue }
                across.append(
                    ReportHits.Report(
                        id: result.report.id, title: result.report.title, language: result.report.language, count: count,
                        href: linkingViewer
                            ? SiteURL.reports(.report(id: result.report.id)).with([("find", words), ("search", search)]) : nil))
            }
        }
        return ReportHits(count: total, hits: hits, reports: across.count > 1 ? across : [])
    }

    /// The longest `find` read, in Unicode scalars.
    static let findLimit = 1_000
    /// The most hits listed for one report (all are counted).
    static let listed = 1_000
    /// The most reports of a search whose hits are counted.
    static let reportsCounted = 20
    /// The most text of other reports read to count their hits.
    static let textBudget = 48 << 20
}
