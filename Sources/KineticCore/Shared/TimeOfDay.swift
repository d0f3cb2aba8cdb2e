import Foundation

/// A time of day to the minute, written `HH:mm` (24-hour).
public struct TimeOfDay: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// Minutes since midnight, 0 to 1439.
    public let minutes: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        minutes = hour * 60 + minute
    }

    /// Parses `HH:mm` (also `H:mm`).
    public init?(_ text: String) {
        guard let fields = asciiNumberFields(text, separator: ":", lengths: [1...2, 2...2]) else { return nil }
        self.init(hour: fields[0], minute: fields[1])
    }

    /// The time of day of an instant on the clock of `timeZone` (its offset at that instant),
    /// to the minute, as ``LocalDate/init(containing:in:)`` takes its date.
    public init(containing date: Date, in timeZone: TimeZone) {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        minutes = ((local % 86_400) + 86_400) % 86_400 / 60
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    /// `HH:mm`.
    public var description: String {
        String(zeroPadded: hour, width: 2) + ":" + String(zeroPadded: minute, width: 2)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let time = TimeOfDay(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected HH:mm"))
        }
        self = time
    }
}
