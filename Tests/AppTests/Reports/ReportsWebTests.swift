import Foundation
import Testing
import VaporTesting

@testable import App

/// The Reports pages without script: the start, levels with their bubbles' places, the viewer,
/// the list, search, the filter, files for a signed-in browser, and the administrator's import.
@Suite struct ReportsWebTests {
    private func withLibrary(_ body: (Application, WebClient) async throws -> Void) async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            _ = try await app.reportImports(for: .server("tests")).importLibrary(from: fixtures.folder)
            let (web, _) = try await app.signedInWebClient()
            try await body(app, web)
        }
    }

    @Test func theStart_showsTheCentreAlone_andALevel_itsBubblesInOrderWithTheirPlaces() async throws {
        try await withLibrary { app, web in
            let start = try await web.get("/reports")
            #expect(start.status == .ok)
            #expect(start.body.string.contains("id=\"bubble-centre\" href=\"/reports/categories/root\""))
            #expect(!start.body.string.contains("bubble-category"))

            let root = try await web.get("/reports/categories/root").body.string
            #expect(root.contains("href=\"/reports/categories/area-1\""))
            #expect(root.contains(#"data-kind="category" data-id="area-1" aria-label="Area 1, 3 reports, 1 category" title="Area 1""#))
            let unit = try await web.get("/reports/categories/area-1-unit-1").body.string
            let order = ["report-00001", "report-00002", "report-00003"].compactMap { unit.range(of: "data-id=\"\($0)\"")?.lowerBound }
            #expect(order.count == 3 && order == order.sorted())
            #expect(unit.contains("<a href=\"/reports/categories/area-1\">Area 1</a>"))
            #expect(unit.contains("aria-current=\"page\">Unit 1</span>"))
            let version = try #require(try await ReportsRepository(database: app.db).report("report-00001")).summary.filesVersion
            #expect(unit.contains("src=\"/reports/report-00001/thumbnail?v=\(version)\""))
            #expect(try await web.get("/reports/categories/nope").status == .notFound)
        }
    }

    @Test func theViewer_listsItsPagesLazilyWithKeywordsAndTheDownload() async throws {
        try await withLibrary { app, web in
            let page = try await web.get("/reports/report-00002")
            #expect(page.status == .ok)
            let html = page.body.string
            let version = try #require(try await ReportsRepository(database: app.db).report("report-00002")).summary.filesVersion
            #expect(html.contains("src=\"/reports/report-00002/pages/1?v=\(version)\""))
            #expect(html.contains("src=\"/reports/report-00002/pages/2?v=\(version)\""))
            #expect(html.contains("loading=\"lazy\""))
            #expect(
                html.contains(
                    #"<li><a class="keyword" href="/reports/search?q=programme" aria-label="Search the library for “programme”">programme</a></li>"#
                ))
            #expect(html.contains("href=\"/reports/report-00002/pdf?v=\(version)\" download"))
            let pdf = try await web.get("/reports/report-00002/pdf")
            #expect(pdf.status == .ok)
            #expect(pdf.headers.first(name: .contentDisposition)?.contains("Programme report 2.pdf") == true)
            #expect(try await web.get("/reports/report-00002/pages/1").headers.contentType == .jpeg)
        }
    }

    /// A report's title, summary, snippet and text carry its language wherever it differs from
    /// the page's: the one `library.json` names, else the one its text is in.
    @Test func eachReport_carriesItsLanguage_namedOrToldFromItsText() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try fixtures.editManifest { manifest in
            var reports = manifest["reports"] as! [[String: Any]]
            reports[1]["language"] = "de"
            reports[1]["title"] = "Donaudampfschifffahrtsgesellschaftskapitän"
            manifest["reports"] = reports
        }
        try await withKinetic { app in
            _ = try await app.reportImports(for: .server("tests")).importLibrary(from: fixtures.folder)
            let (web, account) = try await app.signedInWebClient()
            let unit = try await web.get("/reports/categories/area-1-unit-1").body.string
            // Shown with soft hyphens where German breaks it (a browser without German hyphenation breaks it there).
            let shown = "Do\u{AD}nau\u{AD}dampf\u{AD}schiff\u{AD}fahrts\u{AD}ge\u{AD}sell\u{AD}schafts\u{AD}ka\u{AD}pi\u{AD}tän"
            #expect(unit.contains(#"<span class="bubble-title" lang="de">"# + shown + "</span>"))
            #expect(unit.contains(#"<span class="bubble-title">Safety report 1</span>"#), "English, as the page: nothing to say")
            let viewer = try await web.get("/reports/report-00002").body.string
            #expect(viewer.contains(#"data-language="de""#) && viewer.contains(#"id="report-viewer-title" lang="de">"# + shown + "</h2>"))
            #expect(viewer.contains("<title>Donaudampfschifffahrtsgesellschaftskapitän"), "the tab's title as written")
            let list = try await web.get("/reports/categories/area-1-unit-1/reports").body.string
            #expect(list.contains(#"data-report="report-00002" lang="de""#))
            let found = try await web.get("/reports/search?q=Donaudampfschifffahrtsgesellschaftskapitaen").body.string
            #expect(found.contains(#"<strong class="report-result-title" lang="de">"#), "found by its plain spelling too")

            // On a German page the English ones say so, the German one needs nothing.
            let german = try await web.get("/reports/categories/area-1-unit-1", headers: ["Accept-Language": "de"]).body.string
            #expect(german.contains(#"<span class="bubble-title" lang="en">Safety report 1</span>"#))
            #expect(german.contains(#"<span class="bubble-title">"# + shown + "</span>"))
            #expect(german.contains(#"<span aria-current="page" lang="en">Unit 1</span>"#), "a category takes its reports' language")

            let level = try await app.json(.GET, "/api/v1/reports/categories/area-1-unit-1", token: account.token).body.string
            #expect(level.contains(#""language":"de""#) && level.contains(#""language":"en""#))
        }
    }

    /// A level of 200 items shows sixty at once in rows under its centre (laid out for a phone
    /// and for a wide screen), in the datasource's order or the person's (A to Z, newest
    /// first), with a pager; typing finds items within the level however it is spelled; a page
    /// past the end shows the last; an empty category says so.
    @Test func aCrowdedLevel_isSixtyAtOnce_inTheChosenOrder_foundByTyping_andAnEmptyOneSaysSo() async throws {
        try await withKinetic { app in
            _ = try await app.reportImports(for: .server("tests")).importLibrary(from: ReportFixtures.crowded)
            let (web, _) = try await app.signedInWebClient()
            func ids(_ html: String) -> [String] {
                html.components(separatedBy: #"data-id=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
            }
            let first = try await web.get("/reports/categories/crowd").body.string
            #expect(ids(first) == (1...60).map { String(format: "site-%03d", $0) })
            #expect(first.contains(#"class="bubble-stage is-crowded""#) && first.contains("data-wide-stage-height="))
            #expect(first.contains(#"data-wide-x=""#) && first.contains(#"id="level-find""#))
            #expect(first.contains(#"<nav class="bubble-pager" id="bubble-pager" aria-label="1–60 of 200">"#))
            #expect(first.contains(#"href="/reports/categories/crowd?page=2" rel="next""#))
            #expect(!first.contains(#"rel="prev""#))
            #expect(first.contains("197 categories · 3 reports"))
            let second = try await web.get("/reports/categories/crowd?page=2").body.string
            #expect(ids(second) == (61...120).map { String(format: "site-%03d", $0) })
            #expect(second.contains(#"href="/reports/categories/crowd" rel="prev""#))
            let last = try await web.get("/reports/categories/crowd?page=99").body.string
            #expect(
                ids(last) == (181...197).map { String(format: "site-%03d", $0) } + ["crowd-report-1", "crowd-report-2", "crowd-report-3"])
            #expect(last.contains("181–200 of 200") && !last.contains(#"rel="next""#))
            #expect(last.contains(#"aria-label="Research report for every site, report, 2 pages""#))

            // A to Z: categories first, by title as English sorts ("Emergency…" before "Foam…").
            let byTitle = try await web.get("/reports/categories/crowd?order=title").body.string
            #expect(byTitle.contains(#"<option value="title" selected>A to Z</option>"#))
            #expect(byTitle.contains(#"href="/reports/categories/crowd?order=title&amp;page=2" rel="next""#))
            let titleOrder = byTitle.components(separatedBy: #"<span class="bubble-title""#).dropFirst(2)
                .map { String($0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }) }
            #expect(titleOrder.count == 60)
            #expect(titleOrder == titleOrder.sorted { $0.localizedStandardCompare($1) == .orderedAscending }, "\(titleOrder.prefix(5))")

            // Found by typing, as spelled or not: "dusseldorf" finds Düsseldorf, "sicherheitsuberprufung" the German.
            // (Titles are shown with soft hyphens where they may break: read without them.)
            let found = try await web.get("/reports/categories/crowd?find=dusseldorf").body.string.replacingOccurrences(
                of: "\u{AD}", with: "")
            #expect(!ids(found).isEmpty && ids(found).count < 60)
            #expect(found.contains("\(ids(found).count) of 200 match") && !found.contains("bubble-pager"))
            #expect(found.components(separatedBy: #"<span class="bubble-title""#).dropFirst(2).allSatisfy { $0.contains("Düsseldorf") })
            let german = try await web.get("/reports/categories/crowd?find=sicherheitsueberpruefung%20york").body.string
                .replacingOccurrences(of: "\u{AD}", with: "")
            #expect(!ids(german).isEmpty && german.contains("Sicherheitsüberprüfungsberichte"))
            let none = try await web.get("/reports/categories/crowd?find=zeppelin").body.string
            #expect(ids(none).isEmpty && none.contains("Nothing in this level has “zeppelin” in its title."))
            #expect(try await web.get("/reports/categories/crowd?page=x").status == .ok)
            let empty = try await web.get("/reports/categories/empty").body.string
            #expect(empty.contains("This category holds no reports yet."))
            #expect(ids(empty).isEmpty && !empty.contains("bubble-pager"))
            let root = try await web.get("/reports/categories/root").body.string
            #expect(!root.contains("bubble-pager") && !root.contains("bubble-empty") && !root.contains("level-tools"))
        }
    }

    /// The reader's pdf.js comes from Debian's libjs-pdf: the library, its worker, character
    /// maps and standard fonts, kept a week; nothing else of the folder, and no path out of it.
    @Test(.enabled(if: PDFReaderAssets.isInstalled)) func pdfjs_isServedFromItsPackage_andNothingElse() async throws {
        try await withLibrary { app, web in
            let html = try await web.get("/reports/report-00002").body.string
            #expect(html.contains(#"data-pdfjs="/vendor/pdfjs/build/pdf.js""#))
            #expect(html.contains(#"class="reader-controls" hidden"#))
            for path in ["/vendor/pdfjs/build/pdf.js", "/vendor/pdfjs/build/pdf.worker.js", "/vendor/pdfjs/web/cmaps/78-H.bcmap"] {
                let response = try await app.testing().sendRequest(.GET, path)
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers.first(name: .cacheControl) == "public, max-age=604800", "\(path)")
            }
            for path in [
                "/vendor/pdfjs/web/viewer.html", "/vendor/pdfjs/build/pdf.js.map", "/vendor/pdfjs/web/cmaps/..%2F..%2Fviewer.html",
                "/vendor/pdfjs/web/standard_fonts/..", "/vendor/pdfjs/../../../etc/passwd", "/vendor/pdfjs/web/standard_fonts/.hidden",
            ] {
                // 404 from the reader's route; a path with `..` is refused before it (403 or 404).
                let response = try await app.testing().sendRequest(.GET, path)
                #expect([.notFound, .forbidden].contains(response.status), "\(path): \(response.status)")
                let body = response.body.string
                #expect(!body.contains("PDF.js viewer") && !body.contains("\"sourcesContent\"") && !body.contains("root:x:0"), "\(path)")
            }
        }
    }

    @Test func aSignedOutVisitor_isSentToLogIn_andGetsNoFile() async throws {
        try await withLibrary { app, _ in
            for path in ["/reports", "/reports/report-00001", "/reports/report-00001/pdf", "/reports/report-00001/pages/1"] {
                let response = try await WebClient(app: app).get(path)
                #expect(response.status == .seeOther, "\(path)")
                #expect(response.headers.first(name: .location) == SiteURL.login.with([("next", path)]))
            }
        }
    }

    @Test func theListAndSearch_showReportsWithWhereTheyAre_andMarkWhatMatched() async throws {
        try await withLibrary { _, web in
            let list = try await web.get("/reports/categories/area-1/reports").body.string
            #expect(list.components(separatedBy: "class=\"report-table-link\"").count - 1 == 3)
            #expect(list.contains("Area 1 › Unit 1"))
            let search = try await web.get("/reports/search?q=inspectors")
            #expect(search.body.string.contains("<mark>Inspectors</mark>"))
            #expect(search.body.string.contains("1 report found"))
            // The result opens the viewer at its best page with the words to find; each page
            // holding them is a link of its own.
            #expect(search.body.string.contains(#"href="/reports/report-00001?page=1&amp;find=inspectors&amp;search=inspectors""#))
            #expect(search.body.string.contains("Found on 2 pages:"))
            #expect(search.body.string.contains(#"href="/reports/report-00001?page=2&amp;find=inspectors&amp;search=inspectors""#))
            let typo = try await web.get("/reports/search?q=marshls").body.string
            #expect(typo.contains("No report has “marshls”: showing results for “marshals”."))
            #expect(typo.contains("find=marshls%20marshals"))
            // A phrase stays one in the reader's find.
            let phrase = try await web.get("/reports/search?q=%22marshals%20were%20present%22").body.string
            #expect(phrase.contains("find=%22marshals%20were%20present%22"), "\(phrase)")
            let hostile = try await web.get("/reports/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E")
            #expect(hostile.status == .ok)
            #expect(!hostile.body.string.contains("<script>alert"))
            #expect(try await web.get("/reports/search?q=" + String(repeating: "a", count: 201)).status == .unprocessableEntity)
        }
    }

    /// The reader's list of hits: every place its words are, with the page and the words around,
    /// and, opened from a search, the reports that search found with how many places each.
    @Test func aReportsHits_areListedWithTheirPages_andCountedAcrossTheSearch() async throws {
        try await withLibrary { _, web in
            struct Hits: Decodable {
                struct Hit: Decodable {
                    let page: Int
                    let before: String
                    let match: String
                    let after: String
                }
                struct Report: Decodable {
                    let id: String
                    let count: Int
                    let href: String
                }
                let count: Int
                let hits: [Hit]
                let reports: [Report]
            }
            func hits(_ path: String) async throws -> Hits {
                let response = try await web.get(path)
                try #require(response.status == .ok, "\(path): \(response.status)")
                return try JSONDecoder().decode(Hits.self, from: Data(response.body.readableBytesView))
            }
            let alone = try await hits("/reports/report-00002/hits?find=members")
            #expect(alone.count == alone.hits.count && alone.count >= 2)
            #expect(alone.hits.allSatisfy { $0.match.lowercased() == "members" && $0.page >= 1 })
            #expect(alone.hits[0].before == "…report 2 Report 2 of unit 1 5574 ", "cut at a word: \(alone.hits[0])")
            #expect(alone.hits[0].after.hasPrefix(" finished the block"))
            #expect(alone.reports.isEmpty, "not opened from a search")
            // Read on from a hit: the rest, numbered as before; a bad start is told.
            let rest = try await hits("/reports/report-00002/hits?find=members&from=1")
            #expect(rest.count == alone.count && rest.hits.map(\.after) == alone.hits.dropFirst().map(\.after))
            #expect(try await web.get("/reports/report-00002/hits?find=members&from=-1").status == .unprocessableEntity)
            #expect(try await web.get("/reports/report-00002/hits?find=members&from=abc").status == .unprocessableEntity)

            // From a search: its reports in its order, each counted by the same rule.
            let found = try await web.get("/reports/search?q=members").body.string
            #expect(found.contains("find=members&amp;search=members"))
            let order = found.components(separatedBy: #"class="report-result" href="/reports/"#).dropFirst().map { String($0.prefix(12)) }
            let across = try await hits("/reports/report-00002/hits?find=members&search=members")
            #expect(across.reports.map(\.id) == order, "\(across.reports.map(\.id)) vs \(order)")
            #expect(across.reports.first { $0.id == "report-00002" }?.count == alone.count)
            let other = try #require(across.reports.first { $0.id == "report-00003" })
            #expect(other.count == (try await hits("/reports/report-00003/hits?find=members").count))
            #expect(other.href == "/reports/report-00003?find=members&search=members")

            // A phrase, and words spelt otherwise.
            let phrase = try await hits("/reports/report-00001/hits?find=%22MARSHALS%20were%22%20inspectoren")
            #expect(!phrase.hits.isEmpty && phrase.hits.allSatisfy { $0.match == "Marshals were" }, "\(phrase.hits)")
            // A report the search did not find knows of no others; bad asks are told apart.
            #expect(try await hits("/reports/report-00001/hits?find=members&search=members").reports.isEmpty)
            #expect(try await hits("/reports/report-00001/hits?find=%20%22%22").count == 0)
            #expect(try await web.get("/reports/report-09999/hits?find=members").status == .notFound)
            #expect(
                try await web.get("/reports/report-00001/hits?find=" + String(repeating: "a", count: 1_001)).status == .unprocessableEntity)
        }
    }

    @Test func theFilter_keepsTheReportsWithTheKeyword() async throws {
        try await withLibrary { _, web in
            let html = try await web.get("/reports/categories/area-1-unit-1?keyword=Research").body.string
            #expect(html.contains("data-id=\"report-00003\""))
            #expect(!html.contains("data-id=\"report-00001\""))
            #expect(html.contains("2 reports hidden"))
        }
    }

    /// The page's way: a form upload names every problem, or leads to the preview of what the
    /// library would change; Import stores it. Bring It Back is offered once there is an earlier
    /// library, says what comes back and what goes, and undoes once however often it is sent.
    @Test func theImport_isForAdministrators_andAFormUploadIsPreviewedConfirmedAndUndone() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            #expect(try await web.get("/reports/import").status == .forbidden)
            #expect(try await web.get("/reports").body.string.contains("not imported the report library yet"))
            try await app.grantAdmin(account)
            let page = try await web.get("/reports/import")
            #expect(page.status == .ok)
            let library = {
                WebClient.FormFile(field: "library", fileName: "library.zip", contentType: "application/zip", data: try fixtures.zipped())
            }

            // A damaged PDF: the preview leaves its report out, says why, and the button says so.
            try fixtures.truncate(1)
            let leaving = try await web.postMultipart("/reports/import", fields: [], file: try library(), csrfPage: "/reports/import")
            #expect(leaving.status == .seeOther)
            let leavingPage = try await web.get(try #require(leaving.headers.first(name: .location))).body.string
            #expect(leavingPage.contains("Left Out: 1 report"))
            #expect(leavingPage.contains("<strong>Safety report 1</strong> <code>pdfs/report-00001.pdf</code>"))
            #expect(leavingPage.contains("pdfs/report-00001.pdf is damaged and cannot be shown."))
            #expect(leavingPage.contains("Import, Leaving Out 1 report"))
            // Every PDF damaged: nothing to import, every problem at its place.
            for number in [2, 3] { try fixtures.truncate(number) }
            let refused = try await web.postMultipart("/reports/import", fields: [], file: try library(), csrfPage: "/reports/import")
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("<code>reports[0].file</code>: pdfs/report-00001.pdf is damaged"))
            #expect(try await ReportsRepository(database: app.db).library() == nil)

            for number in 1...3 {
                try FileManager.default.removeItem(at: fixtures.pdf(number))
                try FileManager.default.copyItem(
                    at: ReportFixtures.source.appendingPathComponent("pdfs/report-0000\(number).pdf"), to: fixtures.pdf(number))
            }
            let uploaded = try await web.postMultipart("/reports/import", fields: [], file: try library(), csrfPage: "/reports/import")
            #expect(uploaded.status == .seeOther)
            let preview = try #require(uploaded.headers.first(name: .location))
            let previewPage = try await web.get(preview)
            #expect(previewPage.status == .ok)
            #expect(previewPage.body.string.contains("Reports added: 3"))
            #expect(previewPage.body.string.contains("Safety report 1 <code>report-00001</code>"))
            #expect(
                previewPage.body.string.contains("Importing renders the first 6 pages of new or changed PDFs; each later page is rendered"))
            #expect(try await ReportsRepository(database: app.db).library() == nil, "nothing before Import")
            let confirmed = try await web.post(preview + "/confirm", form: [:], csrfPage: preview)
            #expect(confirmed.status == .seeOther)
            let statusPage = try #require(confirmed.headers.first(name: .location))
            #expect(statusPage == preview + "/status")
            // While it runs, the page shows its progress instead of the upload; then what it did.
            var imported = try await web.get(statusPage)
            if imported.body.string.contains(#"id="import-running""#) {
                #expect(imported.body.string.contains("Pages rendered:"))
                #expect(!imported.body.string.contains(#"id="report-import-form""#))
            }
            for _ in 0..<120 where imported.body.string.contains(#"id="import-running""#) {
                let seen = app.jobs.runsEnded
                imported = try await web.get(statusPage)
                if imported.body.string.contains(#"id="import-running""#) {
                    await app.jobs.waitForEnd(upTo: 1, unlessSignalledSince: seen)
                }
            }
            #expect(imported.status == .ok)
            #expect(imported.body.string.contains("Imported 3 reports: 3 added, 0 updated, 0 removed."))
            #expect(!imported.body.string.contains("Bring It Back"), "before the first import there was nothing to bring back")
            #expect(try await ReportsRepository(database: app.db).library()?.reportCount == 3)
            let first = try await app.reportImports(for: .server("tests")).undoMark().text
            let emptying = try await web.post("/reports/import/undo", form: ["of": first], csrfPage: "/reports/import")
            #expect(emptying.status == .notFound, "an undo never empties the library")
            #expect(try await ReportsRepository(database: app.db).library()?.reportCount == 3)

            // A second library that removes a report: the preview says so, Cancel drops it.
            try fixtures.removeReport3()
            let second = try await web.postMultipart("/reports/import", fields: [], file: try library(), csrfPage: "/reports/import")
            let secondPreview = try #require(second.headers.first(name: .location))
            let secondPage = try await web.get(secondPreview).body.string
            #expect(secondPage.contains("This import removes 1 report for every reader."))
            #expect(secondPage.contains("Research report 3 <code>report-00003</code>"))
            let cancelled = try await web.post(secondPreview + "/discard", form: [:], csrfPage: secondPreview)
            #expect(cancelled.status == .seeOther)
            #expect(try await web.get(secondPreview).status == .notFound)

            // A second library, renamed; its page offers the first back, saying what goes.
            try fixtures.editManifest { $0["title"] = "Renamed library" }
            _ = try await app.reportImports(for: .server("tests")).importLibrary(from: fixtures.folder)
            let importPage = try await web.get("/reports/import").body.string
            #expect(
                importPage.contains(
                    "data-confirm=\"Bring back “Large library (3 reports)” (3 reports)? It replaces “Renamed library” (2 reports) for every reader at once"
                ))
            let start = try #require(importPage.range(of: #"name="of" value=""#))
            let of = String(importPage[start.upperBound...].prefix { $0 != "\"" })
            let undone = try await web.post("/reports/import/undo", form: ["of": of], csrfPage: "/reports/import")
            #expect(undone.status == .seeOther && undone.headers.first(name: .location) == "/reports/import?done=undone")
            #expect(try await web.get("/reports/import?done=undone").body.string.contains("The library is back as it was: “Large library"))
            #expect(try await ReportsRepository(database: app.db).library()?.title == "Large library (3 reports)")
            // Sent again (a reload, a second tap): nothing changes.
            let again = try await web.post("/reports/import/undo", form: ["of": of], csrfPage: "/reports/import")
            #expect(again.headers.first(name: .location) == "/reports/import?done=unchanged")
            #expect(try await ReportsRepository(database: app.db).library()?.title == "Large library (3 reports)")
            #expect(try await web.get("/reports/import?done=unchanged").body.string.contains("nothing was undone"))

            let withoutToken = try await web.post("/reports/import", data: try fixtures.zipped(), contentType: .zip)
            #expect(withoutToken.status == .forbidden)
        }
    }
}
