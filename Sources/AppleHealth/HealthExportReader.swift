import Foundation
import KineticZip

/// Reads an Apple Health export — the `export.zip` made by the Health app or the `export.xml`
/// inside it — streaming, so memory stays flat whatever the file's size.
///
/// In a zip, the export is found by its content (`<HealthData`), not by its name, which is
/// localized in some languages; `export_cda.xml` and other files beside it are ignored.
public enum HealthExportReader {
    /// What one read found.
    public struct Summary: Equatable, Sendable {
        public let recordsRead: Int
        public let stepRecords: Int
        /// Bytes of XML read.
        public let bytesRead: Int
        /// When the export was made (seconds since 1970), when its `ExportDate` says.
        public var exportDate: Double?
    }

    /// Bytes read per step.
    public static let chunkSize = 1 << 20

    /// How much XML a read may produce: a zip bomb (a small archive that expands enormously)
    /// stops at the first limit it crosses, long before it fills a disk or a day of CPU.
    public struct Limits: Equatable, Sendable {
        /// The most XML bytes read from one export. Default 16 GiB (the largest real exports,
        /// a decade of Apple Watch data, are a few GiB).
        public var maximumXMLBytes: Int
        /// The most a zip entry may expand: XML bytes per compressed byte. Default 100 (Health
        /// exports compress about 10–30 times; the audit's bomb of spaces 1,029 times).
        public var maximumCompressionRatio: Int

        public init(maximumXMLBytes: Int = 16 << 30, maximumCompressionRatio: Int = 100) {
            self.maximumXMLBytes = maximumXMLBytes
            self.maximumCompressionRatio = maximumCompressionRatio
        }
    }

    /// XML files of an archive checked for `<HealthData`, largest first: an export holds one or
    /// two (export.xml, export_cda.xml); an archive of thousands of them is not an export.
    static let maximumCandidates = 8

    /// Reads the export at `url`, calling `onStepRecord` for each step record in file order and
    /// `progress` with the XML bytes read so far and the total (when known).
    public static func read(
        fileAt url: URL,
        limits: Limits = Limits(),
        progress: ((_ done: Int, _ total: Int?) -> Void)? = nil,
        onStepRecord: @escaping (HealthStepRecord) throws -> Void
    ) throws -> Summary {
        let scanner = HealthExportScanner(onStepRecord: onStepRecord)
        if try isZip(url) {
            try readZip(url, scanner: scanner, limits: limits, progress: progress)
        } else {
            try readXML(url, scanner: scanner, limits: limits, progress: progress)
        }
        try scanner.finish()
        return Summary(
            recordsRead: scanner.recordsRead, stepRecords: scanner.stepRecords, bytesRead: scanner.bytesRead, exportDate: scanner.exportDate
        )
    }

    private static func isZip(_ url: URL) throws -> Bool {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let magic = try handle.read(upToCount: 4) ?? Data()
        return magic == Data([0x50, 0x4B, 0x03, 0x04])
    }

    private static func readXML(_ url: URL, scanner: HealthExportScanner, limits: Limits, progress: ((Int, Int?) -> Void)?) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let total = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        if let total, total > limits.maximumXMLBytes { throw tooMuchXML(limits) }
        while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
            try scanner.feed(chunk)
            progress?(scanner.bytesRead, total)
        }
    }

    private static func readZip(_ url: URL, scanner: HealthExportScanner, limits: Limits, progress: ((Int, Int?) -> Void)?) throws {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(url: url)
        } catch let error as ZipArchiveError {
            throw HealthExportError(kind: .unreadableArchive(error.description))
        }
        guard let entry = try exportEntry(in: archive) else { throw HealthExportError(kind: .notAnExport) }
        // Every size is checked by ZipArchive against the file; the limits against what the
        // entry declares, and extraction never yields more than that.
        let total = entry.uncompressedSize
        let (expansionLimit, overflow) = max(entry.compressedSize, 1).multipliedReportingOverflow(by: limits.maximumCompressionRatio)
        if total > limits.maximumXMLBytes { throw tooMuchXML(limits) }
        if !overflow, total > max(expansionLimit, chunkSize) { throw zipBomb(entry, limits) }
        do {
            try archive.extract(entry, chunkSize: chunkSize) { data in
                try scanner.feed(data)
                progress?(scanner.bytesRead, total)
            }
        } catch let error as ZipArchiveError {
            throw HealthExportError(kind: .unreadableArchive("\(entry.path) is damaged (\(error))"), byteOffset: scanner.bytesRead)
        }
    }

    private static func tooMuchXML(_ limits: Limits) -> HealthExportError {
        HealthExportError(kind: .tooLarge("it holds more than \(limits.maximumXMLBytes >> 20) MiB of XML"))
    }

    private static func zipBomb(_ entry: ZipArchive.Entry, _ limits: Limits) -> HealthExportError {
        HealthExportError(
            kind: .tooLarge(
                "\(entry.path) expands more than \(limits.maximumCompressionRatio) times its compressed size, which no Health export does"))
    }

    /// The archive's Health export: the first XML file, largest first, whose beginning holds `<HealthData`.
    private static func exportEntry(in archive: ZipArchive) throws -> ZipArchive.Entry? {
        let candidates = archive.entries.filter { $0.kind == .file && $0.path.lowercased().hasSuffix(".xml") }
            .sorted { $0.uncompressedSize > $1.uncompressedSize }
            .prefix(maximumCandidates)
        for entry in candidates where startsLikeAnExport(entry, in: archive) {
            return entry
        }
        return nil
    }

    private struct EnoughRead: Error {}

    private static func startsLikeAnExport(_ entry: ZipArchive.Entry, in archive: ZipArchive) -> Bool {
        var head = Data()
        do {
            try archive.extract(entry, chunkSize: 16_384, checksum: false) { data in
                head.append(data)
                if head.count >= 65_536 { throw EnoughRead() }
            }
        } catch is EnoughRead {
        } catch {
            return false
        }
        let text = String(decoding: head.prefix(65_536), as: UTF8.self)
        return text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData")
    }
}
