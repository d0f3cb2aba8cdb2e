import KineticCore

/// A step-count `Record` of an Apple Health export.
public struct HealthStepRecord: Equatable, Sendable {
    public let sourceName: String
    public let device: String?
    /// Seconds since 1970, UTC.
    public let start: Double
    public let end: Double
    /// The UTC offset written with the start date, in seconds.
    public let utcOffset: Int
    public let value: Double
    /// `HKWasUserEntered` metadata: typed in by hand.
    public let wasUserEntered: Bool
    /// What recorded it, from the three fields above.
    public let kind: StepSourceKind

    public init(sourceName: String, device: String?, start: Double, end: Double, utcOffset: Int, value: Double, wasUserEntered: Bool) {
        let kind = StepSourceKind.classify(sourceName: sourceName, device: device, wasUserEntered: wasUserEntered)
        self.init(
            sourceName: sourceName, device: device, kind: kind, start: start, end: end, utcOffset: utcOffset, value: value,
            wasUserEntered: wasUserEntered)
    }

    /// A record whose source the scanner has already classified.
    init(
        sourceName: String, device: String?, kind: StepSourceKind, start: Double, end: Double, utcOffset: Int, value: Double,
        wasUserEntered: Bool
    ) {
        self.sourceName = sourceName
        self.device = device
        self.kind = kind
        self.start = start
        self.end = end
        self.utcOffset = utcOffset
        self.value = value
        self.wasUserEntered = wasUserEntered
    }

    /// The record as a sample for ``DailyStepTotals``.
    public var sample: StepSample {
        StepSample(sourceName: sourceName, kind: kind, start: start, end: end, utcOffset: utcOffset, value: value)
    }
}

/// Why an export could not be read, and where.
public struct HealthExportError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The file ends before the export does.
        case truncated
        /// The XML is broken here.
        case malformed(String)
        /// The file (or no file in the archive) is an Apple Health export.
        case notAnExport
        /// The zip archive cannot be read.
        case unreadableArchive(String)
        /// The export is over one of ``HealthExportReader/Limits`` (a zip bomb, or simply too big).
        case tooLarge(String)
    }

    public let kind: Kind
    /// Byte offset in the XML where the problem was found (0 when not applicable).
    public let byteOffset: Int
    /// Line in the XML (1-based; 0 when not applicable).
    public let line: Int

    public init(kind: Kind, byteOffset: Int = 0, line: Int = 0) {
        self.kind = kind
        self.byteOffset = byteOffset
        self.line = line
    }

    public var description: String {
        switch kind {
        case .truncated: "The export ends too early, at line \(line) (byte \(byteOffset)): the file is incomplete."
        case .malformed(let detail): "The export is damaged at line \(line) (byte \(byteOffset)): \(detail)."
        case .notAnExport: "This is not an Apple Health export (no export.xml with HealthData inside)."
        case .unreadableArchive(let detail): "The zip archive cannot be read: \(detail)."
        case .tooLarge(let detail): "The export is too large: \(detail)."
        }
    }
}
