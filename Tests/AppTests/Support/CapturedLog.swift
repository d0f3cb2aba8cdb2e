import Logging
import NIOConcurrencyHelpers

/// What a logger wrote, for a test to read: each entry's level, message and metadata.
final class CapturedLog: Sendable {
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
        /// As written: strings, lists, dictionaries.
        let values: Logger.Metadata

        /// Each value written out.
        var metadata: [String: String] { values.mapValues { "\($0)" } }
    }

    private let entries = NIOLockedValueBox<[Entry]>([])

    /// A logger that writes here, at every level.
    var logger: Logger { Logger(label: "test") { _ in Handler(log: self) } }

    var all: [Entry] { entries.withLockedValue { $0 } }
    func clear() { entries.withLockedValue { $0.removeAll() } }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let entry = Entry(
                level: event.level, message: "\(event.message)", values: (event.metadata ?? [:]).merging(metadata) { first, _ in first })
            log.entries.withLockedValue { $0.append(entry) }
        }
    }
}
