import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Uploads waiting in the media store for their work (`incoming/songs/<id>` for a song's job,
/// `incoming/report-imports/<id>` for an import waiting for confirmation). A request that died
/// between keeping an upload and recording what it is for leaves one that nothing names; each
/// instance looks now and then and removes those that nothing named at two looks in a row, so an
/// upload kept a moment before its row is written is never taken.
final class IncomingUploads: Sendable {
    typealias Namer = @Sendable (Application) async throws -> Set<MediaKey>

    /// Where every module's waiting uploads live.
    static let prefix = "incoming/"

    private let namers = NIOLockedValueBox<[Namer]>([])
    /// What the last look found that nothing named.
    private let unnamed = NIOLockedValueBox<Set<MediaKey>>([])

    /// Adds a module's way to name the uploads it still waits for.
    func register(_ namer: @escaping Namer) {
        namers.withLockedValue { $0.append(namer) }
    }

    /// One look: removes the uploads nothing named at this look and at the last one; how many.
    @discardableResult
    func sweep(_ app: Application) async throws -> Int {
        let waiting = Set(try await app.media.list(under: MediaKey(Self.prefix)).map(\.key))
        var named: Set<MediaKey> = []
        for namer in namers.withLockedValue({ $0 }) { named.formUnion(try await namer(app)) }
        let unnamedNow = waiting.subtracting(named)
        let orphans = unnamed.withLockedValue { last in
            defer { last = unnamedNow }
            return unnamedNow.intersection(last)
        }
        for key in orphans.sorted() {
            try await app.media.remove(key)
            app.logger.notice("Removed \(key), an upload nothing waited for any more")
        }
        return orphans.count
    }
}

extension Application {
    private struct IncomingUploadsKey: StorageKey { typealias Value = IncomingUploads }

    /// Makes the registry of waiting uploads; called once by `configure(_:_:)`, before the
    /// modules register theirs.
    func prepareIncomingUploads() {
        storage[IncomingUploadsKey.self] = IncomingUploads()
    }

    /// The uploads waiting in the media store, which modules name (``IncomingUploads``).
    var incomingUploads: IncomingUploads {
        storage.configured(IncomingUploadsKey.self, "the waiting uploads")
    }
}
