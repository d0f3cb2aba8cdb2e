import AsyncHTTPClient
import Foundation
import ObjectStorage

/// A real S3 server (`scripts/peers/s3_peer.py`, moto) with one empty bucket, for one test.
/// moto lets every signature in; the signer's own tests hold it to AWS's.
final class S3Peer: Sendable {
    let peer: PeerProcess
    let bucket: String

    init(bucket: String = "kinetic-media") throws {
        peer = try PeerProcess("s3_peer.py", ["--bucket", bucket])
        self.bucket = bucket
    }

    /// `KINETIC_MEDIA_URL` for this peer.
    func mediaURL(prefix: String = "") -> String {
        "s3://\(bucket)?endpoint=http://127.0.0.1:\(peer.port)&region=eu-central-1" + (prefix.isEmpty ? "" : "&prefix=\(prefix)")
    }

    func client(http: HTTPClient, prefix: String = "") throws -> S3Client {
        S3Client(
            location: try S3Location(url: mediaURL(prefix: prefix)),
            credentials: SignatureV4.Credentials(accessKeyID: "test", secretAccessKey: "test"), http: http)
    }
}
