import CKineticZlib
import Foundation
import ZIPFoundation

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
        return Summary(recordsRead: scanner.recordsRead, stepRecords: scanner.stepRecords, bytesRead: scanner.bytesRead)
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
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw HealthExportError(kind: .unreadableArchive("it is incomplete or not a zip file (\(error))"))
        }
        guard let entry = try exportEntry(in: archive) else { throw HealthExportError(kind: .notAnExport) }
        let total = Int(entry.uncompressedSize)
        // The sizes in the archive may lie: the limits are checked on the bytes actually produced.
        let compressed = max(Int(entry.compressedSize), 1)
        let (ratioLimit, ratioOverflow) = compressed.multipliedReportingOverflow(by: limits.maximumCompressionRatio)
        let expansionLimit = ratioOverflow ? Int.max : max(ratioLimit, chunkSize)
        if total > limits.maximumXMLBytes { throw tooMuchXML(limits) }
        if total > expansionLimit { throw zipBomb(entry, limits) }
        // The checksum is zlib's: ZIPFoundation's own takes longer than reading the XML on Linux.
        var checksum: UInt = 0
        do {
            _ = try archive.extract(entry, bufferSize: chunkSize, skipCRC32: true, consumer: { data in
                guard scanner.bytesRead + data.count <= limits.maximumXMLBytes else { throw tooMuchXML(limits) }
                guard scanner.bytesRead + data.count <= expansionLimit else { throw zipBomb(entry, limits) }
                checksum = data.withUnsafeBytes { crc32(checksum, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count)) }
                try scanner.feed(data)
                progress?(scanner.bytesRead, total)
            })
        } catch let error as HealthExportError {
            throw error
        } catch {
            throw HealthExportError(kind: .unreadableArchive("\(entry.path) is damaged (\(error))"), byteOffset: scanner.bytesRead)
        }
        guard entry.checksum == 0 || UInt32(truncatingIfNeeded: checksum) == entry.checksum else {
            throw HealthExportError(kind: .unreadableArchive("\(entry.path) is damaged (its checksum does not match)"), byteOffset: scanner.bytesRead)
        }
    }

    private static func tooMuchXML(_ limits: Limits) -> HealthExportError {
        HealthExportError(kind: .tooLarge("it holds more than \(limits.maximumXMLBytes >> 20) MiB of XML"))
    }

    private static func zipBomb(_ entry: Entry, _ limits: Limits) -> HealthExportError {
        HealthExportError(kind: .tooLarge("\(entry.path) expands more than \(limits.maximumCompressionRatio) times its compressed size, which no Health export does"))
    }

    /// The archive's Health export: the first XML file, largest first, whose beginning holds `<HealthData`.
    private static func exportEntry(in archive: Archive) throws -> Entry? {
        let candidates = archive.filter { $0.type == .file && $0.path.lowercased().hasSuffix(".xml") }
            .sorted { $0.uncompressedSize > $1.uncompressedSize }
            .prefix(maximumCandidates)
        for entry in candidates where try startsLikeAnExport(entry, in: archive) {
            return entry
        }
        return nil
    }

    private struct EnoughRead: Error {}

    private static func startsLikeAnExport(_ entry: Entry, in archive: Archive) throws -> Bool {
        var head = Data()
        do {
            _ = try archive.extract(entry, bufferSize: 16_384, skipCRC32: true, consumer: { data in
                head.append(data)
                if head.count >= 65_536 { throw EnoughRead() }
            })
        } catch is EnoughRead {
        } catch {
            return false
        }
        let text = String(decoding: head.prefix(65_536), as: UTF8.self)
        return text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData")
    }
}
