import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

/// The report library over the API: an administrator's zip import, levels, reports, files and
/// search for every signed-in user, nothing for anyone else.
@Suite struct ReportsAPITests {
    /// An app with the fixture library imported through the API by an administrator.
    private func withLibrary(_ body: (Application, TestAccount) async throws -> Void) async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            let admin = try await app.signUp()
            try await app.grantAdmin(admin)
            let imported = try await app.importReports(try fixtures.zipped(), token: admin.token)
            try #require(imported.status == .ok, "\(imported.body.string)")
            let summary = try imported.decoded(as: Components.Schemas.ReportImport.self)
            #expect(summary.reports == 3)
            #expect(summary.pagesRendered == 6)
            try await body(app, try await app.signUp())
        }
    }

    @Test func onlyAnAdministrator_imports() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            let member = try await app.signUp()
            let refused = try await app.importReports(try fixtures.zipped(), token: member.token)
            #expect(refused.status == .forbidden)
            #expect(try refused.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "admin_only")
            #expect(try await app.importReports(try fixtures.zipped(), token: nil).status == .unauthorized)
            #expect(try await ReportsRepository(database: app.db).library() == nil)
            #expect(try await app.json(.GET, "/api/v1/reports/import", token: member.token).status == .methodNotAllowed)
        }
    }

    /// A PDF that cannot be read leaves its report out of the preview and of the import, each
    /// saying why; when no PDF can be read, the upload is 422 with every problem.
    @Test func aZipWithProblems_leavesBadFilesOut_or422sWithEveryProblem_andAnUnsafeEntryIsRefused() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await fixtures.encrypt(2)
        try await withKinetic { app in
            let admin = try await app.signUp()
            try await app.grantAdmin(admin)
            let draft = try await app.draftReports(try fixtures.zipped(), token: admin.token)
            #expect(draft.status == .created)
            let preview = try draft.decoded(as: Components.Schemas.ReportImportPreview.self)
            #expect(preview.reportCount == 2)
            let leftOut = try #require(preview.leftOut.first)
            #expect(preview.leftOut.count == 1)
            #expect(leftOut.id == "report-00002" && leftOut.file == "pdfs/report-00002.pdf" && leftOut.path == "reports[1].file")
            #expect(leftOut.reason == "encrypted")
            #expect(leftOut.message == "pdfs/report-00002.pdf is protected by a password; add it without the password.")
            let confirmed = try await app.json(.POST, try #require(draft.headers.first(name: .location)) + "/confirm", token: admin.token)
            let imported = try await app.followImport(try #require(confirmed.headers.first(name: .location)), token: admin.token)
            let result = try imported.decoded(as: Components.Schemas.ReportImport.self)
            #expect(result.reports == 2 && result.leftOut.map(\.id) == ["report-00002"])
            #expect(try await ReportsRepository(database: app.db).report("report-00002") == nil)

            try fixtures.truncate(1)
            try fixtures.truncate(3)
            let refused = try await app.importReports(try fixtures.zipped(), token: admin.token)
            #expect(refused.status == .unprocessableEntity)
            let error = try refused.decoded(as: Components.Schemas.ErrorResponse.self).error
            #expect(error.code == "library_invalid")
            let fields = try #require(error.fields?.additionalProperties)
            #expect(fields.keys.sorted() == ["reports[0].file", "reports[1].file", "reports[2].file"])
            #expect(fields["reports[1].file"] == "pdfs/report-00002.pdf is protected by a password; add it without the password.")

            let escaping = try await app.importReports(
                try fixtures.zipped(extra: ["../escape.pdf": Data("%PDF-1.4".utf8)]), token: admin.token)
            #expect(escaping.status == .unprocessableEntity)
            #expect(
                try escaping.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties["../escape.pdf"] != nil)
            let notAZip = try await app.importReports(Data("just text".utf8), token: admin.token)
            #expect(notAZip.status == .unprocessableEntity)
            #expect(
                try notAZip.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties.keys.sorted() == ["zip"])
            #expect(try await ReportsRepository(database: app.db).library()?.reportCount == 2)
            #expect(app.uploadDirectoryFiles().isEmpty)
        }
    }

    /// Zips whose numbers lie (sizes and offsets near 2^63, a deflate stream that never ends,
    /// overlapping entries…) are refused whole, with nothing stored and the server answering.
    @Test func hostileZips_areRefusedWith422_andLeaveNothing() async throws {
        try await withKinetic { app in
            let admin = try await app.signUp()
            try await app.grantAdmin(admin)
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("KineticZipTests/Fixtures/hostile")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({
                $0.hasSuffix(".zip") && !$0.hasPrefix("ok-")
            }).sorted() {
                let refused = try await app.importReports(try Data(contentsOf: folder.appendingPathComponent(name)), token: admin.token)
                #expect(refused.status == .unprocessableEntity, "\(name): \(refused.status)")
                #expect(try refused.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "library_invalid", "\(name)")
            }
            #expect(try await ReportsRepository(database: app.db).library() == nil)
            #expect(app.uploadDirectoryFiles().isEmpty)
            #expect(try await app.storedReportFolders().isEmpty)
        }
    }

    @Test func anyMember_browsesLevelsAndReports() async throws {
        try await withLibrary { app, member in
            let root = try await app.json(.GET, "/api/v1/reports/categories/root", token: member.token)
            #expect(root.status == .ok)
            let top = try root.decoded(as: Components.Schemas.ReportLevel.self)
            #expect(top.id == "root")
            #expect(top.title == "Large library (3 reports)")
            let categories = top.categories
            #expect(categories.map(\.id) == ["area-1"])
            #expect(categories.first?.reportCount == 3)

            let unit = try await app.json(.GET, "/api/v1/reports/categories/area-1-unit-1", token: member.token)
                .decoded(as: Components.Schemas.ReportLevel.self)
            #expect(unit.trail.map(\.id) == ["area-1"])
            let reports = unit.reports
            #expect(reports.map(\.id) == ["report-00001", "report-00002", "report-00003"])
            let version = try #require(try await ReportsRepository(database: app.db).report("report-00001")).summary.filesVersion
            #expect(version.count == 12)
            #expect(reports.first?.thumbnailURL == "/api/v1/reports/report-00001/thumbnail?v=\(version)")

            let all = try await app.json(.GET, "/api/v1/reports/categories/root/reports", token: member.token)
            #expect(try all.decoded(as: [Components.Schemas.ReportSummary].self).count == 3)

            let report = try await app.json(.GET, "/api/v1/reports/report-00001", token: member.token)
                .decoded(as: Components.Schemas.Report.self)
            #expect(report.report.keywords == ["safety", "unit 1", "area 1"])
            #expect(
                report.pageURLs == [
                    "/api/v1/reports/report-00001/pages/1?v=\(version)", "/api/v1/reports/report-00001/pages/2?v=\(version)",
                ])
            #expect(report.pdfURL == "/api/v1/reports/report-00001/pdf?v=\(version)")

            #expect(try await app.json(.GET, "/api/v1/reports/categories/nope", token: member.token).status == .notFound)
            #expect(try await app.json(.GET, "/api/v1/reports/nope", token: member.token).status == .notFound)
        }
    }

    @Test func files_areServedToMembers_withTheTitleAsTheDownloadName() async throws {
        try await withLibrary { app, member in
            var headers = HTTPHeaders()
            headers.bearerAuthorization = BearerAuthorization(token: member.token)
            let pdf = try await app.testing().sendRequest(.GET, "/api/v1/reports/report-00001/pdf", headers: headers)
            #expect(pdf.status == .ok)
            #expect(pdf.headers.contentType == HTTPMediaType(type: "application", subType: "pdf"))
            #expect(
                pdf.headers.first(name: .contentDisposition)
                    == #"attachment; filename="Safety report 1.pdf"; filename*=UTF-8''Safety%20report%201.pdf"#)
            #expect(
                Data(pdf.body.readableBytesView)
                    == (try Data(contentsOf: ReportFixtures.source.appendingPathComponent("pdfs/report-00001.pdf"))))

            let page = try await app.testing().sendRequest(.GET, "/api/v1/reports/report-00001/pages/2", headers: headers)
            #expect(page.status == .ok)
            #expect(page.headers.contentType == .jpeg)
            #expect(Data(page.body.readableBytesView).prefix(2) == Data([0xFF, 0xD8]))
            let thumbnail = try await app.testing().sendRequest(.GET, "/api/v1/reports/report-00001/thumbnail", headers: headers)
            #expect(thumbnail.status == .ok)
            for missing in [
                "/api/v1/reports/report-00001/pages/3", "/api/v1/reports/report-00001/pages/0", "/api/v1/reports/report-00001/pages/x",
            ] {
                #expect(try await app.testing().sendRequest(.GET, missing, headers: headers).status == .notFound, "\(missing)")
            }
        }
    }

    /// A long report costs its import its first pages only: the rest are drawn the first time
    /// someone asks for one (it and the next ones, up to one already drawn) and kept.
    @Test func aLongReport_drawsItsFirstPagesAtImport_andEachLaterPageWhenFirstAsked() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        // 45 pages with text (blank ones would all go through OCR): report 2's two pages, 22
        // times, and its first once more.
        let long = fixtures.folder.appendingPathComponent("long.pdf")
        let source = fixtures.pdf(2).path
        _ = try await ToolProcess.run(
            PDFTools.qpdf,
            ["--empty", "--pages"] + Array(repeating: [source, "1-2"], count: 22).flatMap { $0 } + [source, "1", "--", long.path],
            timeout: 60)
        try FileManager.default.removeItem(at: fixtures.pdf(1))
        try FileManager.default.moveItem(at: long, to: fixtures.pdf(1))
        try await withKinetic { app in
            let admin = try await app.signUp()
            try await app.grantAdmin(admin)
            let imported = try await app.importReports(try fixtures.zipped(), token: admin.token)
            try #require(imported.status == .ok, "\(imported.body.string)")
            #expect(try imported.decoded(as: Components.Schemas.ReportImport.self).pagesRendered == 25 + 2 + 2)
            let folder = try #require(try await ReportsRepository(database: app.db).report("report-00001")).storedFolder
            func drawn() async throws -> [Int] {
                var pages: [Int] = []
                for page in 1...45 where try await app.media.exists(app.reportFiles.page(page, in: folder)) { pages.append(page) }
                return pages
            }
            #expect(try await drawn() == Array(1...25))

            let member = try await app.signUp()
            var headers = HTTPHeaders()
            headers.bearerAuthorization = BearerAuthorization(token: member.token)
            let page = try await app.testing().sendRequest(.GET, "/api/v1/reports/report-00001/pages/30", headers: headers)
            #expect(page.status == .ok)
            #expect(page.headers.contentType == .jpeg)
            #expect(Data(page.body.readableBytesView).prefix(2) == Data([0xFF, 0xD8]))
            #expect(try await drawn() == Array(1...25) + Array(30...39))

            // Page 26 draws up to page 29, which comes before one drawn already.
            #expect(try await app.testing().sendRequest(.GET, "/api/v1/reports/report-00001/pages/26", headers: headers).status == .ok)
            #expect(try await drawn() == Array(1...39))
            #expect(try await app.testing().sendRequest(.GET, "/api/v1/reports/report-00001/pages/45", headers: headers).status == .ok)
            #expect(try await drawn() == Array(1...39) + [45])
            // Five pages asked at once, each twice (an app scrolling, the page images of the
            // viewer), more than a member may queue: the first draws them all and the others
            // wait for it, none is refused.
            let memberHeaders = headers
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for page in Array(40...44) + Array(40...44) {
                    group.addTask {
                        try await app.testing().sendRequest(.GET, "/api/v1/reports/report-00001/pages/\(page)", headers: memberHeaders)
                            .status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: .ok, count: 10))
            #expect(try await drawn() == Array(1...45))
            #expect(await app.pageDraws.count == 0)
            #expect(
                try await app.testing().sendRequest(.GET, "/api/v1/reports/report-00001/pages/46", headers: headers).status == .notFound)
        }
    }

    /// A file asked for at its versioned address is kept for a year; at an old or no version it
    /// is checked again each time, and its ETag answers 304. A changed PDF gets a new version,
    /// so no reader keeps a page of the old one.
    @Test func files_atTheirVersionedAddress_areCachedForGood_andAChangedPDFGetsANewAddress() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            let admin = try await app.signUp()
            try await app.grantAdmin(admin)
            #expect(try await app.importReports(try fixtures.zipped(), token: admin.token).status == .ok)
            let report = try await app.json(.GET, "/api/v1/reports/report-00002", token: admin.token)
                .decoded(as: Components.Schemas.Report.self)
            let page = try #require(report.pageURLs.first)
            var headers = HTTPHeaders()
            headers.bearerAuthorization = BearerAuthorization(token: admin.token)
            let kept = try await app.testing().sendRequest(.GET, page, headers: headers)
            #expect(kept.headers.first(name: .cacheControl) == "private, max-age=31536000, immutable")
            let unversioned = try await app.testing().sendRequest(.GET, "/api/v1/reports/report-00002/pages/1", headers: headers)
            #expect(unversioned.headers.first(name: .cacheControl) == "private, no-cache")
            let etag = try #require(unversioned.headers.first(name: .eTag))
            headers.replaceOrAdd(name: .ifNoneMatch, value: etag)
            #expect(
                try await app.testing().sendRequest(.GET, "/api/v1/reports/report-00002/pages/1", headers: headers).status == .notModified)

            try FileManager.default.removeItem(at: fixtures.pdf(2))
            try FileManager.default.copyItem(at: fixtures.pdf(3), to: fixtures.pdf(2))
            #expect(try await app.importReports(try fixtures.zipped(), token: admin.token).status == .ok)
            let changed = try await app.json(.GET, "/api/v1/reports/report-00002", token: admin.token)
                .decoded(as: Components.Schemas.Report.self)
            let newPage = try #require(changed.pageURLs.first)
            #expect(newPage != page)
            headers.remove(name: .ifNoneMatch)
            let old = try await app.testing().sendRequest(.GET, page, headers: headers)
            #expect(old.headers.first(name: .cacheControl) == "private, no-cache", "an old address is not kept")
        }
    }

    @Test func nothing_isServedToASignedOutVisitor() async throws {
        try await withLibrary { app, _ in
            for path in [
                "/api/v1/reports/report-00001/pdf", "/api/v1/reports/report-00001/pages/1", "/api/v1/reports/report-00001/thumbnail",
                "/api/v1/reports/report-00001", "/api/v1/reports/categories/root", "/api/v1/reports/search?q=safety",
                "/api/v1/reports/report-00001/hits?find=safety",
            ] {
                let response = try await app.testing().sendRequest(.GET, path)
                #expect(response.status == .unauthorized, "\(path)")
                #expect(!response.body.string.contains("%PDF"))
            }
        }
    }

    @Test func search_findsWordsInTextTitlesAndKeywords_andNeverPassesInputRaw() async throws {
        try await withLibrary { app, member in
            func search(_ text: String) async throws -> (status: HTTPStatus, ids: [String], answer: Components.Schemas.ReportSearch?) {
                let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                let response = try await app.json(.GET, "/api/v1/reports/search?q=\(query)", token: member.token)
                guard response.status == .ok else { return (response.status, [], nil) }
                let answer = try response.decoded(as: Components.Schemas.ReportSearch.self)
                return (response.status, answer.results.map(\.report.id), answer)
            }
            let text = try await search("Inspectors")
            #expect(text.ids == ["report-00001"])
            let snippet = try #require(text.answer?.results.first?.snippet)
            #expect(snippet.contains { $0.hit && $0.text.lowercased() == "inspectors" })
            #expect(try await search("programme report").ids == ["report-00002"])
            #expect(try await search("research -study").ids.isEmpty)
            #expect(try await search("safety or programme").ids.sorted() == ["report-00001", "report-00002"])
            for hostile in [#"title:safety"#, #"" OR 1=1 --"#, "NEAR(safety inspectors)", "*", "'; DROP TABLE reports; --", "\u{E000}x"] {
                #expect(try await search(hostile).status == .ok, "\(hostile)")
            }
            #expect(try await search("").ids.isEmpty)
            #expect(try await search(String(repeating: "a", count: 201)).status == .unprocessableEntity)
            #expect(try await app.json(.GET, "/api/v1/reports/categories/root", token: member.token).status == .ok)
        }
    }

    /// Each hit names the pages holding the words and takes its snippet from the best of them;
    /// a word finds the words it starts, and a word in no report is read as the indexed words
    /// one edit away, which the answer names.
    @Test func search_namesPages_findsPrefixes_andOneTypo() async throws {
        try await withLibrary { app, member in
            func search(_ text: String) async throws -> Components.Schemas.ReportSearch {
                let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                let response = try await app.json(.GET, "/api/v1/reports/search?q=\(query)", token: member.token)
                try #require(response.status == .ok)
                return try response.decoded(as: Components.Schemas.ReportSearch.self)
            }
            // "Foam pits" is on page 2 of report 1 only; "Inspectors" on both its pages.
            let foam = try await search("foam")
            #expect(foam.results.map(\.report.id) == ["report-00001"])
            #expect(foam.results[0].pages == [2])
            #expect(foam.results[0].pageMatches == 1)
            #expect(foam.results[0].snippetPage == 2)
            #expect(foam.results[0].snippet.contains { $0.hit && $0.text == "Foam" })
            #expect(try await search("inspectors").results.first?.pages == [1, 2])
            // A phrase names its page; words on different pages name none.
            let phrase = try await search("\"safety report\"")
            #expect(phrase.results.map(\.report.id) == ["report-00001"])
            #expect(phrase.results[0].pages == [1])
            let apart = try await search("foam keywords")
            #expect(apart.results.map(\.report.id) == ["report-00001"])
            #expect(apart.results[0].pages.isEmpty)
            #expect(apart.results[0].snippetPage == nil)
            #expect(apart.results[0].snippet.contains { $0.hit })
            // Raw on purpose: `snippetPage` is present as `null`, which decoding cannot tell from a missing member.
            let raw = try await app.json(.GET, "/api/v1/reports/search?q=foam%20keywords", token: member.token).body.string
            #expect(raw.contains(#""snippetPage":null"#))
            // Prefixes.
            #expect(try await search("inspect").results.map(\.report.id) == ["report-00001"])
            #expect(try await search("trampol").results.map(\.report.id).sorted() == ["report-00001", "report-00002"])
            #expect(try await search("repetit").results.map(\.report.id) == ["report-00003"])
            // One typo, named; two typos find nothing.
            let typo = try await search("marshls")
            #expect(typo.results.map(\.report.id) == ["report-00001"])
            #expect(typo.corrections.map(\.word) == ["marshls"])
            #expect(typo.corrections.first?.readAs == ["marshals"])
            #expect(typo.highlight == ["marshls", "marshals"])
            #expect(try await search("marsls").results.isEmpty)
            #expect(try await search("hosptial treatment").results.map(\.report.id) == ["report-00001"])
            // A word that is there is not corrected, even when a near one exists.
            #expect(try await search("steps").corrections.isEmpty)
        }
    }

    /// An upload is a preview until it is confirmed: what it adds, changes and removes, by id,
    /// with the library untouched; it can be read again, discarded, or confirmed once.
    @Test func anUpload_isPreviewedFirst_thenConfirmedOrDiscarded() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            let admin = try await app.signUp()
            try await app.grantAdmin(admin)
            let first = try await app.draftReports(try fixtures.zipped(), token: admin.token)
            try #require(first.status == .created, "\(first.body.string)")
            let preview = try first.decoded(as: Components.Schemas.ReportImportPreview.self)
            #expect(preview.reports.added.count == 3)
            #expect(preview.pagesToRender == 6)
            #expect(try await ReportsRepository(database: app.db).library() == nil, "a preview stores nothing")
            let location = try #require(first.headers.first(name: .location))
            #expect(location == "/api/v1/reports/import/\(preview.id)")
            // Confirmed, the import runs in the background: 202 and where its status is.
            let confirmed = try await app.json(.POST, location + "/confirm", token: admin.token)
            #expect(confirmed.status == .accepted)
            let statusURL = try #require(confirmed.headers.first(name: .location))
            #expect(statusURL == location + "/status")
            let started = try confirmed.decoded(as: Components.Schemas.ReportImportStatus.self)
            #expect(started.state == .importing)
            #expect(started.progress.pagesToRender == 6)
            // Raw on purpose: `result`, `error` and `finishedAt` are present as `null`, which decoding cannot tell from missing members.
            let rawStarted = try confirmed.jsonObject()
            #expect(rawStarted["result"] is NSNull && rawStarted["error"] is NSNull && rawStarted["finishedAt"] is NSNull)
            let twice = try await app.json(.POST, location + "/confirm", token: admin.token).status
            #expect([.conflict, .notFound].contains(twice), "confirmed once: \(twice)")
            let ended = try await app.followImport(statusURL, token: admin.token)
            #expect(try ended.decoded(as: Components.Schemas.ReportImport.self).added == 3)
            let status = try await app.json(.GET, statusURL, token: admin.token).decoded(as: Components.Schemas.ReportImportStatus.self)
            #expect(status.state == .imported)
            #expect(status.progress.pagesRendered == 6)
            #expect(status.finishedAt != nil, "an ISO 8601 date-time: decoding reads no other")
            #expect(try await app.json(.POST, location + "/confirm", token: admin.token).status == .notFound, "confirmed once")
            #expect(try await app.json(.GET, statusURL, token: try await app.signUp().token).status == .forbidden)
            #expect(try await app.json(.GET, "/api/v1/reports/import/\(UUID())/status", token: admin.token).status == .notFound)

            try fixtures.removeReport3()
            try fixtures.editManifest { manifest in
                var reports = manifest["reports"] as! [[String: Any]]
                reports[0]["title"] = "Safety report, revised"
                manifest["reports"] = reports
            }
            let second = try await app.draftReports(try fixtures.zipped(), token: admin.token)
            try #require(second.status == .created, "\(second.body.string)")
            let changes = try second.decoded(as: Components.Schemas.ReportImportPreview.self)
            let reports = changes.reports
            #expect(reports.changed.map(\.title) == ["Safety report, revised"])
            #expect(reports.removed.map(\.id) == ["report-00003"])
            #expect(reports.unchanged == 1)
            #expect(changes.pagesToRender == 0)
            let secondLocation = try #require(second.headers.first(name: .location))
            let again = try await app.json(.GET, secondLocation, token: admin.token)
            #expect(try again.decoded(as: Components.Schemas.ReportImportPreview.self).id == changes.id)
            // An upload that cannot be imported leaves the waiting one as it was.
            #expect(try await app.draftReports(Data("just text".utf8), token: admin.token).status == .unprocessableEntity)
            #expect(try await app.json(.GET, secondLocation, token: admin.token).status == .ok)

            // Another member sees none of it; a discarded preview is gone.
            let member = try await app.signUp()
            #expect(try await app.json(.GET, secondLocation, token: member.token).status == .forbidden)
            #expect(try await app.json(.POST, secondLocation + "/confirm", token: member.token).status == .forbidden)
            #expect(try await app.json(.POST, "/api/v1/reports/import/undo", token: member.token).status == .forbidden)
            #expect(try await app.json(.DELETE, secondLocation, token: admin.token).status == .noContent)
            #expect(try await app.json(.GET, secondLocation, token: admin.token).status == .notFound)
            #expect(try await app.json(.POST, secondLocation + "/confirm", token: admin.token).status == .notFound)
            #expect(try await app.json(.GET, "/api/v1/reports/import/not-an-id", token: admin.token).status == .notFound)
            #expect(try await ReportsRepository(database: app.db).report("report-00003") != nil, "nothing changed")
        }
    }

    /// The category tree is kept between requests; an import and an undo each show at once.
    @Test func theBubbles_showEachImportAndUndo_atOnce() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            let admin = try await app.signUp()
            try await app.grantAdmin(admin)
            func root() async throws -> Components.Schemas.ReportLevel {
                try await app.json(.GET, "/api/v1/reports/categories/root", token: admin.token).decoded(
                    as: Components.Schemas.ReportLevel.self)
            }
            _ = try await app.reportImports(for: .server("tests")).importLibrary(from: fixtures.folder)
            let before = try await root()
            #expect(try await root().categories.map(\.title) == before.categories.map(\.title), "read again from what was kept")
            try fixtures.editManifest { manifest in
                manifest["title"] = "Renamed"
                var categories = manifest["categories"] as! [[String: Any]]
                categories[0]["title"] = "First, renamed"
                manifest["categories"] = categories
            }
            #expect(try await app.importReports(try fixtures.zipped(), token: admin.token).status == .ok)
            let after = try await root()
            #expect(after.title == "Renamed" && after.categories.first?.title == "First, renamed")
            #expect(try await app.json(.POST, "/api/v1/reports/import/undo", token: admin.token).status == .ok)
            let undone = try await root()
            #expect(undone.title == before.title && undone.categories.map(\.title) == before.categories.map(\.title))
        }
    }

    /// A preview made against one library is not confirmed over another: the library was
    /// imported again meanwhile, so 409 and the preview is dropped. Undo brings back what the
    /// last import replaced.
    @Test func aStalePreview_isRefused_andUndoRestoresTheLibraryBefore() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            let admin = try await app.signUp()
            try await app.grantAdmin(admin)
            #expect(try await app.json(.POST, "/api/v1/reports/import/undo", token: admin.token).status == .notFound)
            let stale = try await app.draftReports(try fixtures.zipped(), token: admin.token)
            let location = try #require(stale.headers.first(name: .location))
            _ = try await app.reportImports(for: .server("tests")).importLibrary(from: fixtures.folder)
            let refused = try await app.json(.POST, location + "/confirm", token: admin.token)
            #expect(refused.status == .conflict)
            #expect(try refused.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "library_changed")
            #expect(try await app.json(.GET, location, token: admin.token).status == .notFound)

            try fixtures.editManifest { $0["title"] = "Renamed" }
            #expect(try await app.importReports(try fixtures.zipped(), token: admin.token).status == .ok)
            let undone = try await app.json(.POST, "/api/v1/reports/import/undo", token: admin.token)
            #expect(undone.status == .ok)
            let restored = try undone.decoded(as: Components.Schemas.ReportLibraryRestored.self)
            #expect(restored.title == "Large library (3 reports)")
            #expect(restored.reports == 3)
            #expect(try await ReportsRepository(database: app.db).library()?.title == "Large library (3 reports)")
            #expect(try await app.json(.GET, "/api/v1/reports/import/undo", token: admin.token).status == .methodNotAllowed)
        }
    }
}
