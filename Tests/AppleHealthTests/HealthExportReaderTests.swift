import Foundation
import KineticCore
import Testing
import ZIPFoundation

@testable import AppleHealth

@Suite struct HealthExportReaderTests {
    private func temporaryURL(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-health-\(UUID().uuidString)-\(name)")
    }

    private func read(_ url: URL) throws -> (records: [HealthStepRecord], summary: HealthExportReader.Summary) {
        var records: [HealthStepRecord] = []
        let summary = try HealthExportReader.read(fileAt: url) { records.append($0) }
        return (records, summary)
    }

    /// A zip like the Health app's: the export under a localized name, a malformed
    /// `export_cda.xml` beside it, and other files.
    private func makeZip(
        exportName: String = "apple_health_export/Exportieren.xml", compression: CompressionMethod = .deflate
    ) throws -> URL {
        let url = temporaryURL("export.zip")
        let archive = try Archive(url: url, accessMode: .create)
        func add(_ path: String, _ text: String) throws {
            let data = Data(text.utf8)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: compression) {
                position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        try add(
            "apple_health_export/export_cda.xml",
            "<?xml version=\"1.0\"?><ClinicalDocument><unclosed>" + String(repeating: "x", count: 200_000))
        try add(exportName, messyExport)
        try add("apple_health_export/workout-routes/route_2021-01-01.gpx", "<gpx></gpx>")
        return url
    }

    @Test func plainXML_isRead() throws {
        let url = temporaryURL("export.xml")
        try Data(messyExport.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let (records, summary) = try read(url)
        #expect(records.count == 3)
        #expect(summary.stepRecords == 3)
        #expect(summary.bytesRead == messyExport.utf8.count)
    }

    @Test func zip_findsTheExportByContentNotName() throws {
        let url = try makeZip()
        defer { try? FileManager.default.removeItem(at: url) }
        let (records, _) = try read(url)
        #expect(records.map(\.value) == [500, 1_200, 42.5])
    }

    @Test func truncatedZip_isAClearError() throws {
        let url = try makeZip()
        defer { try? FileManager.default.removeItem(at: url) }
        let data = try Data(contentsOf: url)
        let cut = temporaryURL("cut.zip")
        try data.prefix(data.count * 2 / 3).write(to: cut)
        defer { try? FileManager.default.removeItem(at: cut) }
        do {
            _ = try read(cut)
            Issue.record("a truncated zip must not read")
        } catch let error as HealthExportError {
            guard case .unreadableArchive = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(error.description.contains("cannot be read"))
        }
    }

    /// A stored (uncompressed) entry whose bytes changed after zipping still parses as XML;
    /// only its checksum tells.
    @Test func zipWithAWrongChecksum_isAClearError() throws {
        let url = try makeZip(compression: .none)
        defer { try? FileManager.default.removeItem(at: url) }
        var data = try Data(contentsOf: url)
        let original = Data("value=\"1200\"".utf8)
        let range = try #require(data.range(of: original))
        data.replaceSubrange(range, with: Data("value=\"9200\"".utf8))
        try data.write(to: url)
        do {
            _ = try read(url)
            Issue.record("a zip whose checksum does not match must not read")
        } catch let error as HealthExportError {
            guard case .unreadableArchive(let detail) = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(detail.contains("checksum"))
        }
    }

    @Test func zipWithoutAnExport_isNotAnExport() throws {
        let url = temporaryURL("other.zip")
        let archive = try Archive(url: url, accessMode: .create)
        let data = Data("<html></html>".utf8)
        try archive.addEntry(with: "page.xml", type: .file, uncompressedSize: Int64(data.count)) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: HealthExportError(kind: .notAnExport)) { try read(url) }
    }

    /// scripts/make-health-export writes a realistic export and, from the day it simulates, the
    /// true daily totals (each credited part a whole number, so no rounding question arises).
    @Test func generatedExport_matchesTheTrueDailyTotals() throws {
        let generator = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/make-health-export")
        try #require(FileManager.default.fileExists(atPath: generator.path), "needs scripts/make-health-export")
        let url = temporaryURL("generated.xml")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", generator.path, url.path, "--days", "40", "--seed", "7"]
        process.standardOutput = FileHandle.nullDevice // its one-line summary
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        defer {
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(atPath: url.path + ".truth.csv")
        }
        let (records, _) = try read(url)
        let totals = DailyStepTotals.rounded(DailyStepTotals.compute(records.map(\.sample)))
        let truth = try String(contentsOfFile: url.path + ".truth.csv", encoding: .utf8)
            .split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        // One row per generated day, in order from the default first day.
        let first = try #require(LocalDate("2021-02-23"))
        #expect(truth.map { String($0[0]) } == (0..<40).map { LocalDate(daysSince1970: first.daysSince1970 + $0).description })
        for row in truth {
            let date = LocalDate(String(row[0]))!
            #expect(totals[date] ?? 0 == Int(row[1])!, "\(date)")
        }
        // The traps are all in these 40 days.
        let samples = records.map(\.sample)
        func localDay(_ time: Double, _ record: HealthStepRecord) -> Int { DailyStepTotals.localDay(time, offset: record.utcOffset) }
        #expect(Set(records.map(\.kind)) == Set(StepSourceKind.allCases), "hand-entered, Watch, iPhone and app records")
        #expect(Set(samples).count < samples.count, "exact duplicates")
        #expect(records.contains { $0.start == $0.end }, "zero-length records")
        #expect(records.contains { localDay($0.start, $0) != localDay($0.end, $0) }, "records across local midnight")
        #expect(Set(records.map(\.utcOffset)).count >= 3, "daylight saving time and a trip to another zone")
        #expect(
            records.contains { typed in
                typed.wasUserEntered && records.contains { $0.kind != .manual && $0.start < typed.end && typed.start < $0.end }
            }, "a walk entered by hand over device records")
    }
}
