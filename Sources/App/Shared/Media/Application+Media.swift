import ObjectStorage
import Vapor

extension Application {
    private struct MediaStoreKey: StorageKey { typealias Value = any MediaStore }

    /// Where media are kept (``MediaStore``), as the configuration says.
    var media: any MediaStore {
        storage.configured(MediaStoreKey.self, "the media store")
    }

    /// Opens the media store the configuration names; called once by `configure(_:_:)`.
    func prepareMedia() {
        let configuration = kineticConfiguration
        switch configuration.mediaStorage {
        case .directory:
            storage[MediaStoreKey.self] = LocalMediaStore(directory: URL(fileURLWithPath: configuration.mediaDirectory))
        case .s3(let location, let credentials):
            storage[MediaStoreKey.self] = S3MediaStore(
                client: S3Client(location: location, credentials: credentials, http: http.client.shared))
        }
    }
}
