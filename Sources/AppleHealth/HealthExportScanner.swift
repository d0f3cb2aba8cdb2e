import Foundation
import KineticCore

/// Reads an Apple Health `export.xml` as a stream of byte chunks and hands every step-count
/// record to a callback, keeping only the unread tail of the input in memory.
///
/// It is a scanner for the export's shape, not a validating XML parser: it skips the internal
/// DTD (broken in some iOS versions), comments, processing instructions and CDATA; finds
/// `Record` elements wherever they are (inside `Correlation` too); reads `HKWasUserEntered`
/// from their `MetadataEntry` children; and decodes entities in attribute values. A file that
/// stops before `</HealthData>` is reported as truncated, with its line and byte.
///
/// Work is linear in the input: no tag, comment or declaration may be longer than
/// ``maximumConstructLength``, so an unfinished one is searched again at most a bounded number
/// of times before the export is refused as damaged.
public final class HealthExportScanner {
    /// The longest element tag, comment, CDATA section or DOCTYPE accepted (1 MiB; the longest in
    /// real exports, the DOCTYPE, is about 10 KB).
    public static let maximumConstructLength = 1 << 20

    /// Every `Record` element seen, of any type.
    public private(set) var recordsRead = 0
    /// Step-count records handed to the callback.
    public private(set) var stepRecords = 0
    /// Bytes fed so far.
    public private(set) var bytesRead = 0
    /// When the export was made (its `ExportDate`, seconds since 1970), when it says.
    public private(set) var exportDate: Double?

    private let onStepRecord: (HealthStepRecord) throws -> Void
    private var buffer: [UInt8] = []
    private var bufferOffset = 0
    private var linesBeforeBuffer = 1
    private var sawRoot = false
    private var sawEnd = false
    private var openRecord: PendingRecord?
    private var insideRecord = false

    /// Sources seen so far by their raw attribute bytes: an export has a handful of sources and
    /// hundreds of thousands of records, so each is decoded and classified once.
    private var sources: [SourceKey: Source] = [:]

    private struct SourceKey: Hashable {
        let name: ArraySlice<UInt8>
        let device: ArraySlice<UInt8>?

        /// The bytes in one go: an array's own hashing feeds them one at a time.
        func hash(into hasher: inout Hasher) {
            name.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(device?.count ?? -1)
            device?.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    private struct Source {
        let name: String
        let device: String?
        /// The kind unless the record was entered by hand.
        let kind: StepSourceKind
    }

    private struct PendingRecord {
        var source: Source
        var start: (seconds: Double, offset: Int)
        var end: Double
        var value: Double
        var wasUserEntered = false
    }

    public init(onStepRecord: @escaping (HealthStepRecord) throws -> Void) {
        self.onStepRecord = onStepRecord
    }

    /// Scans the next chunk of the file.
    public func feed<Bytes: Collection>(_ chunk: Bytes) throws where Bytes.Element == UInt8 {
        buffer.append(contentsOf: chunk)
        bytesRead += chunk.count
        try scan(isFinal: false)
    }

    /// Ends the input; throws when the export is incomplete.
    public func finish() throws {
        try scan(isFinal: true)
        guard sawRoot else { throw HealthExportError(kind: .notAnExport) }
        guard sawEnd else { throw error(.truncated, at: buffer.count) }
    }

    // MARK: - Scanning

    private static let lt: UInt8 = 60, gt: UInt8 = 62, slash: UInt8 = 47, bang: UInt8 = 33, question: UInt8 = 63
    private static let recordName = Array("Record".utf8)
    private static let exportDateName = Array("ExportDate".utf8)
    private static let metadataName = Array("MetadataEntry".utf8)
    private static let rootName = Array("HealthData".utf8)
    private static let stepType = Array("HKQuantityTypeIdentifierStepCount".utf8)

    private func scan(isFinal: Bool) throws {
        var position = 0
        defer { discard(upTo: position) }
        while let open = index(of: Self.lt, from: position) {
            position = open
            guard open + 1 < buffer.count else { break }
            let next = buffer[open + 1]
            let end: Int?
            if next == Self.bang {
                end = try skipDeclaration(at: open)
            } else if next == Self.question {
                end = find(Array("?>".utf8), from: open + 2).map { $0 + 1 }
            } else if next == Self.slash {
                end = try endTag(at: open)
            } else {
                end = try startTag(at: open)
            }
            guard let end else { // the element continues in the next chunk
                if buffer.count - open > Self.maximumConstructLength {
                    throw error(.malformed("an element, comment or declaration is longer than 1 MiB"), at: open)
                }
                break
            }
            position = end + 1
        }
        if index(of: Self.lt, from: position) == nil { position = buffer.count }
        if isFinal, position < buffer.count, !sawEnd { throw error(.truncated, at: position) }
    }

    /// Comments, CDATA and the DOCTYPE with its internal subset; returns the index of the closing `>`.
    private func skipDeclaration(at open: Int) throws -> Int? {
        if starts(with: "<!--", at: open) { return find(Array("-->".utf8), from: open + 4).map { $0 + 2 } }
        if starts(with: "<![CDATA[", at: open) { return find(Array("]]>".utf8), from: open + 9).map { $0 + 2 } }
        guard let close = buffer[open...].firstIndex(of: Self.gt) else { return nil }
        if let bracket = buffer[open..<close].firstIndex(of: 91) { // '[': an internal subset, skipped whole
            return find(Array("]>".utf8), from: bracket).map { $0 + 1 }
        }
        return close
    }

    private func endTag(at open: Int) throws -> Int? {
        guard let close = buffer[(open + 2)...].firstIndex(of: Self.gt) else { return nil }
        let name = buffer[(open + 2)..<close].prefix { !Self.isSpace($0) }
        if name.elementsEqual(Self.recordName) {
            if let record = openRecord { try emit(record) }
            openRecord = nil
            insideRecord = false
        } else if name.elementsEqual(Self.rootName) {
            sawEnd = true
        }
        return close
    }

    private func startTag(at open: Int) throws -> Int? {
        guard let close = tagEnd(from: open + 1) else { return nil }
        let selfClosing = buffer[close - 1] == Self.slash
        let body = buffer[(open + 1)..<(selfClosing ? close - 1 : close)]
        let name = body.prefix { !Self.isSpace($0) }
        guard let first = name.first, Self.isNameStart(first) else {
            throw error(.malformed("“<” does not start an element"), at: open)
        }
        if !sawRoot {
            guard name.elementsEqual(Self.rootName) else {
                throw HealthExportError(kind: .notAnExport, byteOffset: bufferOffset + open, line: line(at: open))
            }
            sawRoot = true
            return close
        }
        if name.elementsEqual(Self.recordName) {
            recordsRead += 1
            let record = try pendingStepRecord(attributes: body[name.endIndex...], at: open)
            if selfClosing {
                if let record { try emit(record) }
            } else {
                openRecord = record
                insideRecord = true
            }
        } else if !insideRecord, exportDate == nil, name.elementsEqual(Self.exportDateName) {
            try attributes(body[name.endIndex...], at: open) { attribute, raw in
                if attribute.elementsEqual("value".utf8) { exportDate = HealthDate.parse(raw)?.seconds }
                return true
            }
        } else if insideRecord, openRecord != nil, name.elementsEqual(Self.metadataName) {
            var key: String?, value: String?
            try attributes(body[name.endIndex...], at: open) { attribute, raw in
                if attribute.elementsEqual("key".utf8) { key = XMLText.decode(raw) }
                if attribute.elementsEqual("value".utf8) { value = XMLText.decode(raw) }
                return true
            }
            if key == "HKWasUserEntered", value == "1" { openRecord?.wasUserEntered = true }
        }
        return close
    }

    /// The attributes of a step-count record, or nil for records of other types.
    private func pendingStepRecord(attributes body: ArraySlice<UInt8>, at open: Int) throws -> PendingRecord? {
        var isSteps = false
        var source: ArraySlice<UInt8>?, device: ArraySlice<UInt8>?, start: ArraySlice<UInt8>?, end: ArraySlice<UInt8>?,
            value: ArraySlice<UInt8>?
        try attributes(body, at: open) { name, raw in
            switch name.count {
            case 4 where name.elementsEqual("type".utf8):
                isSteps = raw.elementsEqual(Self.stepType)
                if !isSteps { return false } // another type: the rest does not matter
            case 10 where name.elementsEqual("sourceName".utf8): source = raw
            case 6 where name.elementsEqual("device".utf8): device = raw
            case 9 where name.elementsEqual("startDate".utf8): start = raw
            case 7 where name.elementsEqual("endDate".utf8): end = raw
            case 5 where name.elementsEqual("value".utf8): value = raw
            default: break
            }
            return true
        }
        guard isSteps else { return nil }
        guard let source, let known = knownSource(name: source, device: device) else {
            throw error(.malformed("a step record has no readable sourceName"), at: open)
        }
        guard let start, let startDate = HealthDate.parse(start), let end, let endDate = HealthDate.parse(end) else {
            throw error(.malformed("a step record has no readable startDate or endDate"), at: open)
        }
        guard let value, let steps = Double(String(decoding: value, as: UTF8.self)), steps.isFinite, steps >= 0 else {
            throw error(.malformed("a step record has no readable value"), at: open)
        }
        return PendingRecord(source: known, start: startDate, end: endDate.seconds, value: steps)
    }

    /// The decoded and classified source of these raw bytes; nil when the name cannot be decoded.
    private func knownSource(name: ArraySlice<UInt8>, device: ArraySlice<UInt8>?) -> Source? {
        if let known = sources[SourceKey(name: name, device: device)] { return known }
        guard let decodedName = XMLText.decode(name) else { return nil }
        let decodedDevice = device.flatMap(XMLText.decode)
        let kind = StepSourceKind.classify(sourceName: decodedName, device: decodedDevice, wasUserEntered: false)
        let known = Source(name: decodedName, device: decodedDevice, kind: kind)
        // Keys get their own storage: a slice would keep the whole read buffer alive.
        sources[SourceKey(name: ArraySlice(Array(name)), device: device.map { ArraySlice(Array($0)) })] = known
        return known
    }

    private func emit(_ record: PendingRecord) throws {
        stepRecords += 1
        let source = record.source
        try onStepRecord(
            HealthStepRecord(
                sourceName: source.name, device: source.device, kind: record.wasUserEntered ? .manual : source.kind,
                start: record.start.seconds, end: record.end, utcOffset: record.start.offset, value: record.value,
                wasUserEntered: record.wasUserEntered
            ))
    }

    /// Calls `body` with each attribute's name and raw (undecoded) value, until it returns false.
    private func attributes(_ text: ArraySlice<UInt8>, at open: Int, _ body: (ArraySlice<UInt8>, ArraySlice<UInt8>) throws -> Bool) throws {
        var index = text.startIndex
        while true {
            while index < text.endIndex, Self.isSpace(text[index]) { index += 1 }
            guard index < text.endIndex else { return }
            let nameStart = index
            while index < text.endIndex, text[index] != 61, !Self.isSpace(text[index]) { index += 1 } // '='
            let name = text[nameStart..<index]
            while index < text.endIndex, Self.isSpace(text[index]) { index += 1 }
            guard index < text.endIndex, text[index] == 61 else { throw error(.malformed("an attribute has no value"), at: open) }
            index += 1
            while index < text.endIndex, Self.isSpace(text[index]) { index += 1 }
            guard index < text.endIndex, text[index] == 34 || text[index] == 39 else {
                throw error(.malformed("an attribute value is not quoted"), at: open)
            }
            let quote = text[index]
            index += 1
            guard let valueEnd = text[index...].firstIndex(of: quote) else {
                throw error(.malformed("an attribute value is not closed"), at: open)
            }
            guard try body(name, text[index..<valueEnd]) else { return }
            index = valueEnd + 1
        }
    }

    /// The `>` that ends the tag starting at `from`, skipping quoted values.
    private func tagEnd(from start: Int) -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            var index = start
            var quote: UInt8 = 0
            while index < bytes.count {
                let byte = bytes[index]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == 34 || byte == 39 {
                    quote = byte
                } else if byte == Self.gt {
                    return index
                }
                index += 1
            }
            return nil
        }
    }

    /// The next `byte` at or after `start`.
    private func index(of byte: UInt8, from start: Int) -> Int? {
        guard start < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The next occurrence of `needle` at or after `start`. Every needle here ends in `>`, which
    /// is rare inside what it closes, so the search jumps (`memchr`) from one last byte to the
    /// next and compares backwards: linear, and fast even in a comment full of dashes.
    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        let tail = needle.count - 1
        var index = start + tail
        while let candidate = self.index(of: needle[tail], from: index) {
            let first = candidate - tail
            if buffer.withUnsafeBufferPointer({ bytes in (0..<tail).allSatisfy { bytes[first + $0] == needle[$0] } }) {
                return first
            }
            index = candidate + 1
        }
        return nil
    }

    private func starts(with text: String, at index: Int) -> Bool {
        let bytes = Array(text.utf8)
        return index + bytes.count <= buffer.count && buffer[index..<(index + bytes.count)].elementsEqual(bytes)
    }

    private func discard(upTo position: Int) {
        guard position > 0 else { return }
        linesBeforeBuffer += newlines(before: position)
        buffer.removeFirst(position)
        bufferOffset += position
    }

    private func line(at index: Int) -> Int {
        linesBeforeBuffer + newlines(before: min(index, buffer.count))
    }

    private func newlines(before end: Int) -> Int {
        buffer.withUnsafeBufferPointer { bytes in
            var count = 0
            for index in 0..<end where bytes[index] == 10 { count += 1 }
            return count
        }
    }

    private func error(_ kind: HealthExportError.Kind, at index: Int) -> HealthExportError {
        HealthExportError(kind: kind, byteOffset: bufferOffset + index, line: line(at: index))
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 10 || byte == 13 || byte == 9 }
    private static func isNameStart(_ byte: UInt8) -> Bool {
        (65...90).contains(byte) || (97...122).contains(byte) || byte == 95 || byte == 58 || byte >= 128
    }
}
