import Fluent
import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// Importing the report library from a folder: checked whole first, nothing stored when
/// anything is wrong, and a re-import that updates in place.
@Suite struct ReportImportTests {
    private func importLibrary(_ fixtures: ReportFixtures, into app: Application) async throws -> ReportLibraryImporter.Summary {
        try await app.reportImports(for: .server("tests")).importLibrary(from: fixtures.folder)
    }

    /// Imports the library, then the same retitled "Second": the first is the previous library.
    private func importTheLibraryAndASecondTitle(_ fixtures: ReportFixtures, into app: Application) async throws {
        _ = try await importLibrary(fixtures, into: app)
        try fixtures.editManifest { $0["title"] = "Second" }
        _ = try await importLibrary(fixtures, into: app)
    }

    private func problems(_ fixtures: ReportFixtures, into app: Application) async throws -> [ReportLibraryProblem] {
        do {
            _ = try await importLibrary(fixtures, into: app)
            Issue.record("the import should have been refused")
            return []
        } catch let failure as ReportLibraryProblems {
            return failure.problems
        }
    }

    /// A PDF whose pages are only pictures of text is read by OCR at import (English and
    /// German): the stored PDF carries the recognised text as an invisible layer, search finds
    /// its words on their pages, and the report says how many pages were recognised. The
    /// import's progress counted them.
    @Test(.enabled(if: PDFTools.canRecognise)) func aScannedPDF_isFoundByTheWordsOnItsPages() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try fixtures.addScannedReport()
        try await withKinetic { app in
            let admin = try await app.signUp()
            try await app.grantAdmin(admin)
            let draft = try await app.draftReports(try fixtures.zipped(), token: admin.token)
            let location = try #require(draft.headers.first(name: .location))
            let confirmed = try await app.json(.POST, location + "/confirm", token: admin.token)
            let statusURL = try #require(confirmed.headers.first(name: .location))
            let imported = try await app.followImport(statusURL, token: admin.token)
            try #require(imported.status == .ok, "\(imported.body.string)")
            #expect(try imported.decoded(as: Components.Schemas.ReportImport.self).pagesRecognised == 2)
            let status = try await app.json(.GET, statusURL, token: admin.token).decoded(as: Components.Schemas.ReportImportStatus.self)
            #expect(status.progress.pagesToRecognise == 2 && status.progress.pagesRecognised == 2)

            let repository = ReportsRepository(database: app.db)
            let english = try await repository.search("trampoline beds inspected").results
            #expect(english.map(\.report.id) == ["scanned-faq"])
            #expect(english.first?.pages == [1])
            let german = try await repository.search("Sprungtücher wöchentlich").results
            #expect(german.map(\.report.id) == ["scanned-faq"])
            #expect(german.first?.pages == [2])
            let report = try await repository.report("scanned-faq")
            #expect(report?.recognisedPages == 2)
            #expect(try await repository.report("report-00001")?.recognisedPages == 0)
            // The reader's PDF holds the words too; the page images are the scan's.
            let stored = FileManager.default.temporaryDirectory.appendingPathComponent("stored-\(UUID().uuidString).pdf")
            defer { try? FileManager.default.removeItem(at: stored) }
            #expect(try await app.media.download(app.reportFiles.pdf(in: try #require(report?.storedFolder)), to: stored))
            let text = try await ToolProcess.run(PDFTools.pdftotext, [stored.path, "-"], timeout: 30)
            #expect(String(decoding: text.standardOutput, as: UTF8.self).contains("Rutschfeste Socken"))
            let (web, _) = try await app.signedInWebClient()
            let html = try await web.get("/reports/scanned-faq").body.string
            #expect(html.contains("Text recognised by OCR on 2 scanned pages"))
        }
    }

    /// A scanned page inside a longer PDF is recognised alone and put back in its place: its
    /// words are found on its page, the other pages keep their text, and the stored PDF has
    /// every page in order.
    @Test(.enabled(if: PDFTools.canRecognise)) func aScanInsideALongerPDF_isRecognisedInItsPlace() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        let mixed = fixtures.folder.appendingPathComponent("mixed.pdf")
        _ = try await ToolProcess.run(
            PDFTools.qpdf,
            ["--empty", "--pages", fixtures.pdf(1).path, ReportFixtures.scannedPDF.path, "1", fixtures.pdf(2).path, "--", mixed.path],
            timeout: 30)
        try fixtures.addReport(mixed, id: "mixed", title: "Inspections with a scanned page")
        try await withKinetic { app in
            let summary = try await importLibrary(fixtures, into: app)
            #expect(summary.pagesRecognised == 1)
            let repository = ReportsRepository(database: app.db)
            let scanned = try await repository.search("jewellery").results
            #expect(scanned.map(\.report.id) == ["mixed"])
            #expect(scanned.first?.pages == [3])
            let inspectors = try await repository.search("inspectors").results
            #expect(inspectors.first { $0.report.id == "mixed" }?.pages == [1, 2], "\(inspectors.map { ($0.report.id, $0.pages) })")
            let report = try #require(try await repository.report("mixed"))
            #expect(report.summary.pageCount == 5 && report.recognisedPages == 1)
            let stored = FileManager.default.temporaryDirectory.appendingPathComponent("stored-\(UUID().uuidString).pdf")
            defer { try? FileManager.default.removeItem(at: stored) }
            #expect(try await app.media.download(app.reportFiles.pdf(in: report.storedFolder), to: stored))
            let text = try await ToolProcess.run(PDFTools.pdftotext, [stored.path, "-"], timeout: 30)
            let pages = String(decoding: text.standardOutput, as: UTF8.self).split(separator: "\u{0C}", omittingEmptySubsequences: false)
            #expect(pages.count == 6, "five pages, each ended by a form feed")
            #expect(pages[2].contains("Grip socks") && pages[0].contains("Inspectors") && pages[3].contains("Report 2 of unit 1"))
        }
    }

    @Test func aGoodLibrary_storesItsLevelsReportsPagesAndText() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            let summary = try await importLibrary(fixtures, into: app)
            #expect(
                summary
                    == ReportLibraryImporter.Summary(
                        categories: 2, reports: 3, added: 3, updated: 0, removed: 0, rendered: 3, pagesRendered: 6, pages: 6))
            let repository = ReportsRepository(database: app.db)
            let root = try #require(try await repository.level(nil))
            #expect(root.categories.map(\.id) == ["area-1"])
            #expect(root.categories.first?.reportCount == 3)
            let unit = try #require(try await repository.level("area-1-unit-1"))
            #expect(unit.trail == [ReportCrumb(id: "area-1", title: "Area 1", language: "en")], "the language its reports are in")
            #expect(unit.reports.map(\.id) == ["report-00001", "report-00002", "report-00003"])
            let report = try #require(try await repository.report("report-00001"))
            // The datasource's keywords, then the PDF's own /Keywords not already there.
            #expect(report.summary.keywords == ["safety", "unit 1", "area 1"])
            #expect(report.summary.pageCount == 2)
            #expect(report.summary.date == LocalDate(year: 2025, month: 2, day: 2))
            #expect(report.pageWidth == ReportLibraryImporter.pageWidth)
            #expect(report.pageHeight == 1_754)
            for key in [
                try app.reportFiles.pdf(in: report.storedFolder), try app.reportFiles.page(1, in: report.storedFolder),
                try app.reportFiles.page(2, in: report.storedFolder), try app.reportFiles.thumbnail(in: report.storedFolder),
            ] {
                #expect(try await app.media.exists(key), "missing \(key)")
            }
            let jpeg = try #require(try await app.media.data(app.reportFiles.page(1, in: report.storedFolder), maximumBytes: 1 << 20))
            #expect(jpeg.prefix(2) == Data([0xFF, 0xD8]))
            #expect(try await app.storedReportFolders().count == 3)
            let found = try await repository.search("inspectors").results
            #expect(found.map(\.report.id) == ["report-00001"])
            #expect(found.first?.snippet.contains { $0.isHit && $0.text.lowercased() == "inspectors" } == true)
            #expect(try await repository.search("\"area 1\"").results.count == 3)
        }
    }

    /// A scan encrypted with an owner password only (it opens without one) imports whole: OCR,
    /// which refuses encrypted files, reads a decrypted copy.
    @Test(.enabled(if: PDFTools.canRecognise)) func aScanWithAnOwnerPasswordOnly_isRecognised() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try fixtures.addScannedReport()
        try await ReportFixtures.encryptForItsOwnerOnly(fixtures.folder.appendingPathComponent("pdfs/scanned.pdf"))
        try await withKinetic { app in
            let summary = try await importLibrary(fixtures, into: app)
            #expect(summary.pagesRecognised == 2)
            let german = try await ReportsRepository(database: app.db).search("Sprungtücher wöchentlich").results
            #expect(german.map(\.report.id) == ["scanned-faq"])
        }
    }

    /// A page scanned askew is turned straight before it is read, in the report's language: its
    /// lines come out whole ("LaTeX", not "LaT eX"), none lost.
    @Test(.enabled(if: PDFTools.installedOCRLanguages.contains("deu"))) func aSkewedGermanScan_isReadStraight() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try fixtures.addReport(ReportFixtures.skewedPDF, id: "skewed", title: "Einheitlichkeit", extra: ["language": "de"])
        try await withKinetic { app in
            let summary = try await importLibrary(fixtures, into: app)
            #expect(summary.pagesRecognised == 1)
            let repository = ReportsRepository(database: app.db)
            for words in ["LaTeX", "\"Gestaltung der Tabellen folgt\"", "einzustellen", "Berichts", "Ärgernis"] {
                #expect(try await repository.search(words).results.map(\.report.id) == ["skewed"], "\(words)")
            }
        }
        #expect(PDFTools.ocrModels(for: "de-AT", installed: ["eng", "deu"]) == ["deu"], "one model reads better")
        #expect(PDFTools.ocrModels(for: "fr", installed: ["eng", "deu"]) == ["eng", "deu"], "French is not installed")
        #expect(PDFTools.ocrModels(for: nil, installed: ["eng", "deu"]) == ["eng", "deu"])
        let arguments = PDFTools.ocrArguments(
            pages: [2, 3], models: ["deu"], input: URL(fileURLWithPath: "/in.pdf"), output: URL(fileURLWithPath: "/out.pdf"))
        #expect(arguments.prefix(6) == ["--skip-text", "--deskew", "--pages", "2,3", "-l", "deu"])
    }

    /// Pages that cannot be drawn are found before the preview, by their number, before qpdf
    /// reads every page: a strip 10 pt wide and 14,400 pt tall would be a JPEG 1.8 million
    /// pixels tall, and a page of no PDF's size cannot be drawn at all. Their reports are left
    /// out, each with its page; the good one is imported.
    @Test func aPageTooLargeToDraw_leavesItsReportOut_namedByThePage() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try ReportFixtures.blankPDF(pageSizes: [(595, 842), (10, 14_400)]).write(to: fixtures.pdf(1))
        try ReportFixtures.blankPDF(pageSizes: [(595, 842), (595, 842), (20_000, 842)]).write(to: fixtures.pdf(2))
        try await withKinetic { app in
            let summary = try await importLibrary(fixtures, into: app)
            #expect(summary.leftOut.map(\.id) == ["report-00001", "report-00002"])
            #expect(summary.leftOut.map(\.messageKey) == ["error.reports.file.pageTooLarge", "error.reports.file.pageTooLarge"])
            #expect(summary.leftOut.map(\.arguments) == [["pdfs/report-00001.pdf", "2"], ["pdfs/report-00002.pdf", "3"]])
            #expect(summary.reports == 1 && summary.added == 1)
            #expect(try await ReportRecord.query(on: app.db).all(\.$id) == ["report-00003"])
            #expect(try await app.storedReportFolders().count == 1)
        }
    }

    /// A page is drawn as it is shown, its crop box, which pdfinfo measured: a media box far
    /// taller than the crop box (200 × 6,000 pt under 200 × 280) is no 37,200-pixel JPEG.
    @Test func aPage_isDrawnByItsCropBox() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try ReportFixtures.blankPDF(pageSizes: [(200, 6_000)], cropBox: (200, 280)).write(to: fixtures.pdf(1))
        try await withKinetic { app in
            _ = try await importLibrary(fixtures, into: app)
            let report = try #require(try await ReportsRepository(database: app.db).report("report-00001"))
            let page = try #require(try await app.media.data(app.reportFiles.page(1, in: report.storedFolder), maximumBytes: 8 << 20))
            #expect(Self.jpegHeight(page) == 1_736)
        }
    }

    /// The height a JPEG's frame header (SOF0 or SOF2) gives.
    private static func jpegHeight(_ data: Data) -> Int? {
        let bytes = [UInt8](data)
        var index = 2
        while index + 9 < bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            if marker == 0xC0 || marker == 0xC2 { return Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]) }
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        return nil
    }

    /// A 100,000-page PDF is left out by its page count, which pdfinfo reads before qpdf walks
    /// any page (qpdf's check of every page took a minute).
    @Test func aHundredThousandPages_areLeftOutByTheirCount() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try ReportFixtures.blankPDF(pageSizes: Array(repeating: (595, 842), count: 100_000)).write(to: fixtures.pdf(3))
        try await withKinetic { app in
            let leftOut = try await importLibrary(fixtures, into: app).leftOut
            #expect(leftOut.map(\.messageKey) == ["error.reports.file.tooManyPages"])
            #expect(leftOut.first?.arguments == ["pdfs/report-00003.pdf", "100000", "5000"])
            #expect(leftOut.first?.path == "reports[2].file")
        }
    }

    @Test func everyBadPDFKind_isNamed_andNothingIsStored() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await fixtures.encrypt(1)
        try fixtures.truncate(2)
        try Data("<html>not a pdf</html>".utf8).write(to: fixtures.pdf(3))
        try fixtures.editManifest { manifest in
            var reports = manifest["reports"] as! [[String: Any]]
            reports.append(["id": "ghost", "title": "Ghost", "file": "pdfs/ghost.pdf"])
            manifest["reports"] = reports
            var root = manifest["root"] as! [String: Any]
            root["reports"] = ["ghost"]
            manifest["root"] = root
        }
        try await withKinetic { app in
            let found = try await problems(fixtures, into: app)
            let byPath = Dictionary(found.map { ($0.path, $0.messageKey) }, uniquingKeysWith: { first, _ in first })
            #expect(
                byPath == [
                    "reports[0].file": "error.reports.file.encrypted",
                    "reports[1].file": "error.reports.file.damaged",
                    "reports[2].file": "error.reports.file.notPDF",
                    "reports[3].file": "error.reports.file.missing",
                ])
            #expect(found.first { $0.path == "reports[1].file" }?.arguments.first == "pdfs/report-00002.pdf")
            #expect(try await ReportRecord.query(on: app.db).count() == 0)
            #expect(try await ReportCategoryRecord.query(on: app.db).count() == 0)
            #expect(try await ReportsRepository(database: app.db).library() == nil)
            #expect(try await app.storedReportFolders().isEmpty)
        }
    }

    /// Every problem of a library is named in one answer, each at its place, a cycle as a
    /// cycle, and no message names a folder of the server.
    @Test func aLibraryWithAProblemOfEveryKind_namesThemAllInOneRound() async throws {
        // Its long PDF has 501 pages: over the limit this instance is set to.
        try await withKinetic(adjust: { $0.reportMaximumPages = 500 }) { app in
            do {
                _ = try await app.reportImports(for: .server("tests")).preview(from: ReportFixtures.problems)
                Issue.record("the library should have been refused")
            } catch let failure as ReportLibraryProblems {
                let byPath = Dictionary(failure.problems.map { ($0.path, $0.messageKey) }, uniquingKeysWith: { first, _ in first })
                #expect(
                    byPath == [
                        "categories[0].reports[0]": "error.reports.report.unknown",
                        "categories[1].categories[0]": "error.reports.category.cycle",
                        "categories[2].id": "error.reports.id.duplicate",
                        "categories[3]": "error.reports.category.unlisted",
                        "root.categories[1]": "error.reports.category.unknown",
                        "root.reports[1]": "error.reports.report.listedTwice",
                        "reports[0].date": "error.reports.date",
                        "reports[1]": "error.reports.report.unlisted", "reports[1].file": "error.reports.file.encrypted",
                        "reports[2]": "error.reports.report.unlisted", "reports[2].file": "error.reports.file.damaged",
                        "reports[3]": "error.reports.report.unlisted", "reports[3].file": "error.reports.file.notPDF",
                        "reports[4]": "error.reports.report.unlisted", "reports[4].file": "error.reports.file.tooManyPages",
                        "reports[5]": "error.reports.report.unlisted", "reports[5].file": "error.reports.file.missing",
                        "reports[6].file": "error.reports.file.path",
                        "reports[7].id": "error.reports.id.invalid",
                    ])
                #expect(failure.problems.first { $0.path == "categories[1].categories[0]" }?.arguments == ["a → b → a"])
                let damaged = try #require(failure.problems.first { $0.path == "reports[2].file" })
                // What qpdf said is logged; the message names the file alone.
                #expect(damaged.arguments == ["pdfs/cut-short.pdf"], "\(damaged.arguments)")
                for problem in failure.problems {
                    #expect(
                        !problem.arguments.contains { $0.contains(app.reportFiles.directory.path) || $0.contains("/tmp/") }, "\(problem)")
                }
            }
            #expect(try await ReportsRepository(database: app.db).library() == nil)
        }
    }

    @Test func aBadDatasource_isRefusedWhole() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try fixtures.editManifest { manifest in
            var categories = manifest["categories"] as! [[String: Any]]
            categories[1]["categories"] = ["area-1"]
            categories.append(categories[1])
            manifest["categories"] = categories
        }
        try await withKinetic { app in
            let found = try await problems(fixtures, into: app)
            #expect(found.contains(ReportLibraryProblem("categories[2].id", "error.reports.id.duplicate", ["area-1-unit-1"])))
            #expect(
                found.contains(
                    ReportLibraryProblem("categories[1].categories[0]", "error.reports.category.cycle", ["area-1 → area-1-unit-1 → area-1"])
                ))
            #expect(try await ReportRecord.query(on: app.db).count() == 0)
        }
    }

    /// Problems with the tree and with the files come in one round, not the tree's first and
    /// the files' after those are fixed.
    @Test func treeAndFileProblems_comeTogether() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try Data("<html>not a pdf</html>".utf8).write(to: fixtures.pdf(3))
        try FileManager.default.removeItem(at: fixtures.pdf(2))
        try fixtures.editManifest { manifest in
            var root = manifest["root"] as! [String: Any]
            root["categories"] = (root["categories"] as! [String]) + ["nowhere"]
            manifest["root"] = root
        }
        try await withKinetic { app in
            let found = try await problems(fixtures, into: app)
            #expect(
                found.map(\.messageKey).sorted() == [
                    "error.reports.category.unknown", "error.reports.file.missing", "error.reports.file.notPDF",
                ])
            #expect(found.contains(ReportLibraryProblem("reports[2].file", "error.reports.file.notPDF", ["pdfs/report-00003.pdf"])))
        }
    }

    /// Foundation's JSON reader takes a comma before "]"; no other reader does, so it is refused,
    /// named at its line and column.
    @Test func aDatasourceWithATrailingComma_isRefused_atItsLineAndColumn() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        let url = fixtures.folder.appendingPathComponent("library.json")
        var text = try String(contentsOf: url, encoding: .utf8)
        let close = try #require(text.range(of: "]", options: .backwards))
        text.replaceSubrange(close, with: ",\n]")
        try text.write(to: url, atomically: true, encoding: .utf8)
        let lines = text[..<text.range(of: ",\n]", options: .backwards)!.lowerBound].split(
            separator: "\n", omittingEmptySubsequences: false)
        try await withKinetic { app in
            let found = try await problems(fixtures, into: app)
            #expect(
                found == [
                    ReportLibraryProblem(
                        "library.json", "error.reports.manifest.trailingComma", [String(lines.count), String(lines.last!.count + 1)])
                ])
            let message = app.stringCatalog.string("error.reports.manifest.trailingComma", language: .english)
            #expect(message.contains("JSON allows no comma"))
        }
    }

    @Test func aReimport_updatesInPlace_rendersOnlyChangedPDFs_andRemovesWhatIsNoLongerListed() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            _ = try await importLibrary(fixtures, into: app)
            let repository = ReportsRepository(database: app.db)
            let firstFolder = try #require(try await repository.report("report-00001")).storedFolder
            let secondFolder = try #require(try await repository.report("report-00002")).storedFolder

            try fixtures.revise { manifest in
                var reports = manifest["reports"] as! [[String: Any]]
                reports[0]["title"] = "Safety report, revised"
                manifest["reports"] = reports
            }
            let summary = try await importLibrary(fixtures, into: app)
            #expect(summary.added == 0)
            #expect(summary.updated == 2)
            #expect(summary.removed == 1)
            #expect(summary.rendered == 1)

            let first = try #require(try await repository.report("report-00001"))
            #expect(first.summary.title == "Safety report, revised")
            #expect(first.storedFolder == firstFolder)
            let second = try #require(try await repository.report("report-00002"))
            #expect(second.storedFolder != secondFolder)
            #expect(try await repository.report("report-00003") == nil)
            // The replaced and removed reports' folders stay while the previous library names them.
            #expect(try await app.storedReportFolders().isSuperset(of: [firstFolder, second.storedFolder, secondFolder]))
            #expect(try await app.storedReportFolders().count == 4, "first \(firstFolder), second \(secondFolder) → \(second.storedFolder)")
            #expect(try await repository.level("area-1-unit-1")?.reports.map(\.id) == ["report-00002", "report-00001"])
            // The search follows: the new title, report 2's new text, report 3 gone.
            #expect(try await repository.search("revised").results.map(\.report.id) == ["report-00001"])
            #expect(try await repository.search("study followed").results.map(\.report.id) == ["report-00002"])
            #expect(try await repository.search("research").results.map(\.report.id).contains("report-00003") == false)
        }
    }

    /// A re-import whose datasource has a problem changes nothing; one with a damaged PDF
    /// imports the rest and leaves that report out (until an import brings it back, or an undo).
    @Test func aBadReimport_leavesTheLibraryAsItWas_andADamagedFile_onlyItsReportOut() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            _ = try await importLibrary(fixtures, into: app)
            let folders = try await app.storedReportFolders()
            let repository = ReportsRepository(database: app.db)
            try fixtures.editManifest { $0["title"] = "Renamed" }
            try fixtures.editManifest { manifest in
                var root = manifest["root"] as! [String: Any]
                root["categories"] = (root["categories"] as! [String]) + ["nowhere"]
                manifest["root"] = root
            }
            try fixtures.truncate(3)
            let found = try await problems(fixtures, into: app)
            #expect(found.map(\.path).sorted() == ["reports[2].file", "root.categories[1]"])
            #expect(try await repository.library()?.title == "Large library (3 reports)")
            #expect(try await app.storedReportFolders() == folders)
            #expect(try await repository.search("inspectors").results.count == 1)

            try fixtures.editManifest { manifest in
                var root = manifest["root"] as! [String: Any]
                root["categories"] = (root["categories"] as! [String]).filter { $0 != "nowhere" }
                manifest["root"] = root
            }
            let summary = try await importLibrary(fixtures, into: app)
            #expect(summary.leftOut.map(\.id) == ["report-00003"])
            #expect(summary.leftOut.first?.messageKey == "error.reports.file.damaged")
            #expect(summary.reports == 2 && summary.removed == 1)
            #expect(try await repository.library()?.title == "Renamed")
            #expect(try await repository.report("report-00003") == nil)
            #expect(try await repository.report("report-00001") != nil)
            _ = try await app.reportImports(for: .server("tests")).restorePrevious()
            #expect(try await repository.report("report-00003") != nil, "undo brings the left-out report back")
        }
    }

    /// A tool that runs out of time is tried once more with four times as long; only the
    /// second try's end blames the file: by its computing time (too costly), or, stopped by the
    /// wall clock of a busy machine, not at all (interrupted).
    @Test func aToolOutOfTime_isTriedOnceMoreWithLonger_beforeItsFileIsBlamed() async throws {
        actor Tries {
            var seconds: [Int] = []
            func add(_ value: Int) { seconds.append(value) }
        }
        let tries = Tries()
        let output = try await PDFTools.withOneLongerTry(computing: 30) { seconds in
            await tries.add(seconds)
            if seconds == 30 { throw ToolProcess.Failed(description: "stalled", interruption: .timedOut(seconds: 180)) }
            return "drawn"
        }
        #expect(output == "drawn")
        #expect(await tries.seconds == [30, 120])
        await #expect(throws: ToolProcess.Failed.self) {
            try await PDFTools.withOneLongerTry(computing: 5) { seconds -> Int in
                throw ToolProcess.Failed(description: "costly", interruption: .ranOutOfComputingTime(seconds: seconds))
            }
        }
        await #expect(throws: ToolProcess.Failed.self) {
            // A damaged file is not tried again: its second try would say the same.
            try await PDFTools.withOneLongerTry(computing: 5) { seconds -> Int in
                #expect(seconds == 5)
                throw ToolProcess.Failed(description: "Syntax Error")
            }
        }
        #expect(PDFTools.wallClock(forComputing: 30) > 30 * 3, "the wall clock only stops a stalled tool")
        let report = ReportLibrary.Report(
            id: "big", title: "Big", file: "pdfs/big.pdf", keywords: [], summary: nil, date: nil, categoryID: nil, position: 0,
            sourceIndex: 4)
        let blamed = { (interruption: ToolProcess.Failed.Interruption?) in
            ReportLibraryImporter.problem(
                preparing: report, failedWith: ToolProcess.Failed(description: "", interruption: interruption))
        }
        #expect(
            blamed(.ranOutOfComputingTime(seconds: 380))
                == ReportLibraryProblem("reports[4].file", "error.reports.file.tooCostly", ["pdfs/big.pdf", "380"]))
        #expect(blamed(.timedOut(seconds: 1_580)).messageKey == "error.reports.file.interrupted")
        #expect(blamed(.killed(signal: 9)).messageKey == "error.reports.file.interrupted")
        #expect(blamed(nil).messageKey == "error.reports.file.notDrawn")
    }

    /// What an import wrote before reports could be left out still reads: its draft and summary
    /// leave nothing out.
    @Test func importsStoredBeforeReportsCouldBeLeftOut_stillRead() throws {
        let summary = try JSONDecoder().decode(
            ReportLibraryImporter.Summary.self,
            from: Data(
                #"{"categories":1,"reports":2,"added":2,"updated":0,"removed":0,"rendered":2,"pagesRendered":4,"pages":4,"pagesRecognised":0}"#
                    .utf8))
        #expect(summary.reports == 2 && summary.leftOut.isEmpty)
        var draft = ReportImportDraft(
            id: UUID(), createdAt: testNow,
            preview: ReportLibraryImporter.Preview(
                library: ReportLibrary(title: "Old", root: .init(categoryIDs: [], reportIDs: []), categories: [], reports: []),
                checked: [:],
                changes: ReportLibraryChanges(
                    currentTitle: nil, currentCategories: [], currentReports: [], nextTitle: "Old", nextCategories: [], nextReports: []),
                existing: [:], toRender: [], pages: 0, pagesToRender: 0, basis: .init(importedAt: nil), leftOut: []))
        var written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(draft)) as! [String: Any]
        #expect(written["leftOut"] != nil, "kept under the name the API uses")
        written["leftOut"] = nil
        draft = try JSONDecoder().decode(ReportImportDraft.self, from: JSONSerialization.data(withJSONObject: written))
        #expect(draft.leftOut.isEmpty && draft.title == "Old")
    }

    /// A tool past its computing time ends by the kernel's SIGXCPU and is told apart from one
    /// that failed or was killed: `yes` into /dev/null computes for ever.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ToolProcess.Limits.prlimit)))
    func aToolPastItsComputingTime_isStoppedAndSaysSo() async throws {
        await #expect {
            _ = try await ToolProcess.run(
                "/usr/bin/sh", ["-c", "exec yes > /dev/null"], timeout: 120,
                limits: ToolProcess.Limits(addressSpaceBytes: 1 << 30, cpuSeconds: 1))
        } throws: { error in
            (error as? ToolProcess.Failed)?.interruption == .ranOutOfComputingTime(seconds: 1)
        }
    }

    /// An import keeps the library it replaces; undo brings it back whole (titles, order, files,
    /// search) and keeps the undone one, so a second undo redoes the import. A later import
    /// deletes the folders only the library before it named.
    @Test func undo_bringsThePreviousLibraryBack_andASecondUndoRedoes() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            await #expect(throws: AppError.self) { _ = try await app.reportImports(for: .server("tests")).restorePrevious() }
            _ = try await importLibrary(fixtures, into: app)
            let repository = ReportsRepository(database: app.db)
            let original = try await ReportLibrarySnapshot.read(on: app.db)
            let originalFolders = try await app.storedReportFolders()

            try fixtures.revise { $0["title"] = "Renamed library" }
            _ = try await importLibrary(fixtures, into: app)
            let imported = try await ReportLibrarySnapshot.read(on: app.db)
            #expect(imported != original)

            let restored = try await app.reportImports(for: .server("tests")).restorePrevious()
            #expect(restored.library?.title == "Large library (3 reports)")
            #expect(try await ReportLibrarySnapshot.read(on: app.db) == original)
            #expect(try await repository.level("area-1-unit-1")?.reports.map(\.id) == ["report-00001", "report-00002", "report-00003"])
            #expect(try await repository.search("research").results.map(\.report.id) == ["report-00003"])
            for report in original.reports {
                #expect(try await app.media.exists(app.reportFiles.page(2, in: report.storedFolder)))
            }

            _ = try await app.reportImports(for: .server("tests")).restorePrevious()
            #expect(try await ReportLibrarySnapshot.read(on: app.db) == imported)
            #expect(try await repository.library()?.title == "Renamed library")

            // Importing the original again: the previous library is now the renamed one, and the
            // folders only the first import's replaced reports used are gone.
            try FileManager.default.removeItem(at: fixtures.folder)
            try FileManager.default.copyItem(at: ReportFixtures.source, to: fixtures.folder)
            _ = try await importLibrary(fixtures, into: app)
            let onlyOriginal = originalFolders.subtracting(imported.storedFolders)
            let now = Set(try await ReportLibrarySnapshot.read(on: app.db).storedFolders)
            #expect(try await app.storedReportFolders() == now.union(imported.storedFolders))
            #expect(onlyOriginal.isDisjoint(with: try await app.storedReportFolders()))
        }
    }

    /// Importing the same library again changes nothing, so the previous library (the one an
    /// undo brings back) is still the one before the last real change.
    @Test func anImportThatChangesNothing_keepsThePreviousLibrary() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            try await importTheLibraryAndASecondTitle(fixtures, into: app)
            let preview = try await app.reportImports(for: .server("tests")).preview(from: fixtures.folder)
            #expect(preview.changes.isEmpty && preview.pagesToRender == 0)
            _ = try await importLibrary(fixtures, into: app)
            let restored = try await app.reportImports(for: .server("tests")).restorePrevious()
            #expect(restored.library?.title == "Large library (3 reports)")
        }
    }
}

extension ReportImportTests {
    /// A previous library that cannot be read (damaged, or written by a later version) blocks
    /// nothing: undo says there is none, and the next import keeps a good one again. Its
    /// folders are left alone, as nobody can tell which they are.
    @Test func anUnreadablePreviousLibrary_blocksNothing() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            try await importTheLibraryAndASecondTitle(fixtures, into: app)
            let record = try #require(try await PreviousReportLibraryRecord.find(PreviousReportLibraryRecord.mainID, on: app.db))
            record.snapshot = "{\"library\": 3"
            try await record.save(on: app.db)
            let folders = try await app.storedReportFolders()
            do {
                _ = try await app.reportImports(for: .server("tests")).restorePrevious()
                Issue.record("an unreadable previous library was restored")
            } catch let error as AppError {
                #expect(error.code == "no_previous_library")
            }
            try fixtures.editManifest { $0["title"] = "Third" }
            _ = try await importLibrary(fixtures, into: app)
            #expect(try await app.storedReportFolders().isSuperset(of: folders))
            #expect(try await app.reportImports(for: .server("tests")).restorePrevious().library?.title == "Second")
        }
    }
}

@Suite struct ImportReportsCommandTests {
    /// `--yes` never reaches the command (ConsoleKit answers its question with it).
    @Test func theCommandLine_isReadAsOneRequest_andNonsenseIsRefused() throws {
        #expect(try ImportReportsCommand.request(from: ["library.zip"]) == .importing(source: "library.zip"))
        #expect(try ImportReportsCommand.request(from: ["--dry-run", "library"]) == .dryRun(source: "library"))
        #expect(try ImportReportsCommand.request(from: ["--undo"]) == .undo)
        for nonsense in [[], ["a.zip", "b.zip"], ["--undo", "a.zip"], ["--undo", "--dry-run"], ["--force", "a.zip"], ["--dry-run"]] {
            #expect(throws: ImportReportsCommand.Failed.self, "\(nonsense)") { try ImportReportsCommand.request(from: nonsense) }
        }
    }
}
