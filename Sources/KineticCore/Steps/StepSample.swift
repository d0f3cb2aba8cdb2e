import Foundation

/// One step-count sample from Apple Health: who recorded it, when, how many steps, and how it
/// reached Kinetic. Times are seconds since 1970 (UTC); `utcOffset` is the sample's own offset
/// in seconds, which decides the local day it belongs to.
public struct StepSample: Hashable, Sendable {
    public let sourceName: String
    public let kind: StepSourceKind
    public let start: Double
    public let end: Double
    public let utcOffset: Int
    public let value: Double
    public let channel: StepChannel

    public init(
        sourceName: String, kind: StepSourceKind, start: Double, end: Double, utcOffset: Int, value: Double,
        channel: StepChannel = .export
    ) {
        self.sourceName = sourceName
        self.kind = kind
        self.start = start
        self.end = max(start, end)
        self.utcOffset = utcOffset
        self.value = value
        self.channel = channel
    }
}

/// What recorded a sample, in the Health app's default order of trust.
public enum StepSourceKind: Int, Comparable, CaseIterable, Sendable {
    /// Entered by hand: source "Health" or `HKWasUserEntered`.
    case manual = 0
    case watch = 1
    /// iPhone or iPod.
    case phone = 2
    /// Any other app or device.
    case other = 3

    public static func < (lhs: StepSourceKind, rhs: StepSourceKind) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Classifies a sample from the export's `sourceName`, `device` and `HKWasUserEntered` metadata.
    public static func classify(sourceName: String, device: String?, wasUserEntered: Bool) -> StepSourceKind {
        if wasUserEntered || sourceName == "Health" { return .manual }
        let description = (device ?? "") + " " + sourceName
        if description.range(of: "Watch", options: .caseInsensitive) != nil { return .watch }
        if description.range(of: "iPhone", options: .caseInsensitive) != nil
            || description.range(of: "iPod", options: .caseInsensitive) != nil
        {
            return .phone
        }
        return .other
    }
}
