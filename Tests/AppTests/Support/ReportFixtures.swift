import Fluent
import Foundation
import KineticAPI
import Testing
import VaporTesting
import ZIPFoundation

@testable import App

/// A small real report library to import: `Fixtures/ReportLibrary` (made with
/// `scripts/make-demo-reports OUT --reports 3 --pages 2`: three two-page reportlab PDFs with
/// /Keywords in two levels of categories), copied to a scratch folder per test so a test can
/// spoil it: a PDF encrypted with qpdf, cut short, replaced or removed, or the datasource edited.
struct ReportFixtures {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ReportLibrary")

    /// `Fixtures/CrowdedLibrary`: a level (`crowd`) of 200 items, 197 categories (empty, with
    /// long and German titles) and three reports; and an empty category beside it.
    static let crowded = source.deletingLastPathComponent().appendingPathComponent("CrowdedLibrary")

    /// `Fixtures/ProblemLibrary.zip`: a library with a problem of every kind the tree and the
    /// files can have at once (a cycle, a repeated id, unknown, unlisted and twice-listed
    /// entries, a bad id and date; an encrypted, a cut-short, a 502-page and a missing PDF, a web
    /// page named .pdf, a path leaving the library). Made from `ReportLibrary`'s PDFs with qpdf.
    static let problems = source.deletingLastPathComponent().appendingPathComponent("ProblemLibrary.zip")

    /// The scratch copy.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-test-library-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.source, to: folder)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    func pdf(_ number: Int) -> URL {
        folder.appendingPathComponent("pdfs/report-0000\(number).pdf")
    }

    /// Changes `library.json`.
    func editManifest(_ change: (inout [String: Any]) -> Void) throws {
        let url = folder.appendingPathComponent("library.json")
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        change(&manifest)
        try JSONSerialization.data(withJSONObject: manifest).write(to: url)
    }

    /// `Fixtures/ScannedReport/scanned.pdf` (made by the `make-scanned-pdf` beside it): two
    /// pages that are only pictures of text, an FAQ in English, then in German.
    static let scannedPDF = source.deletingLastPathComponent().appendingPathComponent("ScannedReport/scanned.pdf")

    /// `Fixtures/ScannedReport/skewed.pdf` (made by the `make-skewed-pdf` beside it): a page of
    /// German text scanned 2° askew, whose lines OCR splits and loses unless it is turned straight.
    static let skewedPDF = source.deletingLastPathComponent().appendingPathComponent("ScannedReport/skewed.pdf")

    /// Adds the scanned FAQ to the library as `scanned-faq`, in the first unit.
    func addScannedReport() throws {
        try addReport(Self.scannedPDF, id: "scanned-faq", title: "FAQ (scanned copy)")
    }

    /// Adds the PDF at `source` to the library as `id`, in the first unit, with `extra` fields.
    func addReport(_ source: URL, id: String, title: String, extra: [String: Any] = [:]) throws {
        try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("pdfs/\(source.lastPathComponent)"))
        try editManifest { manifest in
            var reports = manifest["reports"] as! [[String: Any]]
            reports.append(["id": id, "title": title, "file": "pdfs/\(source.lastPathComponent)"].merging(extra) { $1 })
            manifest["reports"] = reports
            var categories = manifest["categories"] as! [[String: Any]]
            categories[1]["reports"] = (categories[1]["reports"] as! [String]) + [id]
            manifest["categories"] = categories
        }
    }

    /// Takes report 3 out of the datasource (its unit lists the first two).
    func removeReport3() throws {
        try editManifest { manifest in
            var reports = manifest["reports"] as! [[String: Any]]
            reports.removeLast()
            manifest["reports"] = reports
            var categories = manifest["categories"] as! [[String: Any]]
            categories[1]["reports"] = ["report-00001", "report-00002"]
            manifest["categories"] = categories
        }
    }

    /// The library revised as a re-import would bring it: report 3 gone, report 2 listed before
    /// report 1 and its PDF replaced by report 3's, and `change` made to the datasource.
    func revise(_ change: (inout [String: Any]) -> Void = { _ in }) throws {
        try removeReport3()
        try editManifest { manifest in
            var categories = manifest["categories"] as! [[String: Any]]
            categories[1]["reports"] = ["report-00002", "report-00001"]
            manifest["categories"] = categories
            change(&manifest)
        }
        try FileManager.default.removeItem(at: pdf(2))
        try FileManager.default.copyItem(at: pdf(3), to: pdf(2))
    }

    /// Replaces report `number`'s PDF with a copy needing the password `secret` to open.
    func encrypt(_ number: Int) async throws {
        let encrypted = folder.appendingPathComponent("encrypted.tmp")
        _ = try await ToolProcess.run(
            PDFTools.qpdf, ["--encrypt", "secret", "owner", "256", "--", pdf(number).path, encrypted.path], timeout: 30)
        try FileManager.default.removeItem(at: pdf(number))
        try FileManager.default.moveItem(at: encrypted, to: pdf(number))
    }

    /// Replaces the PDF at `url` with one encrypted with an owner password only: it opens
    /// without a password, as many published PDFs that forbid copying do.
    static func encryptForItsOwnerOnly(_ url: URL) async throws {
        let encrypted = url.deletingLastPathComponent().appendingPathComponent("owner-only.tmp")
        _ = try await ToolProcess.run(PDFTools.qpdf, ["--encrypt", "", "owner", "256", "--", url.path, encrypted.path], timeout: 30)
        try FileManager.default.removeItem(at: url)
        try FileManager.default.moveItem(at: encrypted, to: url)
    }

    /// A PDF of blank pages of these sizes in points, written by hand (drawing programs make
    /// no such pages: a strip too tall to draw, say).
    /// `cropBox`, when given, is every page's crop box (what is shown of it).
    static func blankPDF(pageSizes: [(width: Double, height: Double)], cropBox: (width: Double, height: Double)? = nil) -> Data {
        let pages = pageSizes.indices.map { "\($0 + 3) 0 R" }.joined(separator: " ")
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [\(pages)] /Count \(pageSizes.count) >>"]
        let crop = cropBox.map { " /CropBox [0 0 \($0.width) \($0.height)]" } ?? ""
        for size in pageSizes {
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(size.width) \(size.height)]\(crop) /Resources << >> >>")
        }
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        return Data(text.utf8)
    }

    /// Cuts report `number`'s PDF to its first half (no trailer, no cross-reference table).
    func truncate(_ number: Int) throws {
        let data = try Data(contentsOf: pdf(number))
        try data.prefix(data.count / 2).write(to: pdf(number))
    }

    /// The library as a zip, with `extra` entries (path → bytes) added.
    func zipped(extra: [String: Data] = [:]) throws -> Data {
        let zip = folder.deletingLastPathComponent().appendingPathComponent("\(folder.lastPathComponent).zip")
        defer { try? FileManager.default.removeItem(at: zip) }
        try FileManager.default.zipItem(at: folder, to: zip, shouldKeepParent: false)
        if !extra.isEmpty {
            let archive = try Archive(url: zip, accessMode: .update)
            for (path, data) in extra {
                try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count)) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
        }
        return try Data(contentsOf: zip)
    }
}

extension Application {
    /// Makes the account an administrator, as `kinetic admin grant` does.
    func grantAdmin(_ account: TestAccount) async throws {
        let user = try #require(try await User.find(UUID(uuidString: account.customerId), on: db))
        user.isAdmin = true
        try await user.save(on: db)
    }

    /// Posts a library zip to the API's import: 201 with its preview when it can be imported.
    func draftReports(_ zip: Data, token: String?) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.contentType = .zip
        if let token { headers.bearerAuthorization = BearerAuthorization(token: token) }
        return try await testing().sendRequest(.POST, "/api/v1/reports/import", headers: headers, body: ByteBuffer(data: zip))
    }

    /// Imports a library zip through the API as an administrator does: posts it, confirms its
    /// preview (202, the import runs in the background) and follows its status to the end. The
    /// answer reads as if the import were one request: 200 with what it did (the status's
    /// `result`) or the error it ended with; the post's or the confirmation's when refused.
    func importReports(_ zip: Data, token: String?) async throws -> TestingHTTPResponse {
        let draft = try await draftReports(zip, token: token)
        guard draft.status == .created, let location = draft.headers.first(name: .location) else { return draft }
        let confirmed = try await json(.POST, location + "/confirm", token: token)
        guard confirmed.status == .accepted, let statusURL = confirmed.headers.first(name: .location) else { return confirmed }
        return try await followImport(statusURL, token: token)
    }

    /// Polls an import's status until it ends; see ``importReports(_:token:)``. It gives up after
    /// ten minutes, a guard against a hung import, not a measure: in a whole run every test app's
    /// tools share the machine's two cores, and two scanned pages through OCR took over two.
    /// With `clock`, each look moves it on by the job workers' poll interval, for an instance
    /// that finds the job only when it looks (SQLite has no `LISTEN`).
    func followImport(_ statusURL: String, token: String?, movingOn clock: TestClock? = nil) async throws -> TestingHTTPResponse {
        let deadline = ContinuousClock.now + .seconds(600)
        while ContinuousClock.now < deadline {
            let seen = jobs.runsEnded
            var response = try await json(.GET, statusURL, token: token)
            let status = try response.decoded(as: Components.Schemas.ReportImportStatus.self)
            switch status.state {
            case .imported:
                let result = try #require(status.result, "imported without a result: \(response.body.string)")
                response.body = ByteBuffer(data: try JSONEncoder().encode(result))
                return response
            case .failed:
                let error = try #require(status.error, "failed without an error: \(response.body.string)")
                response.status = Self.failureStatus(error.code)
                response.body = ByteBuffer(data: try JSONEncoder().encode(Components.Schemas.ErrorResponse(error: error)))
                return response
            case .importing:
                // Looks again when a job's run ends here (the import's last is one).
                clock?.advance(by: kineticConfiguration.jobPollInterval)
                await jobs.waitForEnd(upTo: 1, unlessSignalledSince: seen)
            }
        }
        let jobs = try await JobRecord.query(on: db).filter(\.$kind == ReportImportJob.kind).all()
        Issue.record(
            "the import did not end in ten minutes; its jobs: \(jobs.map { "\($0.state) try \($0.attempt) \($0.failure ?? "")" })")
        return try await json(.GET, statusURL, token: token)
    }

    /// The status a synchronous import would have answered with for the error `code`.
    private static func failureStatus(_ code: String?) -> HTTPStatus {
        switch code {
        case "library_invalid": .unprocessableEntity
        case "library_changed": .conflict
        case "tool_interrupted", "tools_missing": .serviceUnavailable
        default: .internalServerError
        }
    }

    /// The report folders in the media store.
    func storedReportFolders() async throws -> Set<String> {
        Set(try await media.list(under: MediaKey("reports/")).map { $0.key.description.split(separator: "/")[1].description })
    }
}
