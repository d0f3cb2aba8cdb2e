import AsyncHTTPClient
import ObjectStorage
import Vapor

extension Application {
    private struct MediaStoreKey: StorageKey { typealias Value = any MediaStore }
    private struct MediaHTTPClientKey: StorageKey { typealias Value = HTTPClient }

    /// Where media are kept (``MediaStore``), as the configuration says.
    var media: any MediaStore {
        storage.configured(MediaStoreKey.self, "the media store")
    }

    /// Opens the media store the configuration names; called once by `configure(_:_:)`. A bucket
    /// is reached through an HTTP client of its own, whose reads give up after a minute of
    /// silence: a stalled store never holds a job (and its user's turn) for good.
    func prepareMedia() async {
        let configuration = kineticConfiguration
        switch configuration.mediaStorage {
        case .directory:
            storage[MediaStoreKey.self] = LocalMediaStore(directory: URL(fileURLWithPath: configuration.mediaDirectory))
        case .s3(let location, let credentials):
            let http = HTTPClient(
                eventLoopGroupProvider: .shared(eventLoopGroup),
                configuration: HTTPClient.Configuration(timeout: .init(connect: .seconds(10), read: .seconds(60))))
            await storage.setWithAsyncShutdown(MediaHTTPClientKey.self, to: http) { try await $0.shutdown() }
            storage[MediaStoreKey.self] = S3MediaStore(client: S3Client(location: location, credentials: credentials, http: http))
        }
    }
}
