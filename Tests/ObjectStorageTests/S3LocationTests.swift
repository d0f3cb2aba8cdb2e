import Foundation
import Testing

@testable import ObjectStorage

@Suite struct S3LocationTests {
    @Test func locations_readEveryPart_andNameWhatIsWrong() throws {
        let aws = try S3Location(url: "s3://kinetic-media?region=eu-central-1")
        #expect(
            aws
                == S3Location(
                    bucket: "kinetic-media", endpoint: URL(string: "https://s3.eu-central-1.amazonaws.com")!, region: "eu-central-1"))
        let local = try S3Location(url: "s3://media.example?endpoint=http://127.0.0.1:9000&prefix=/kinetic")
        #expect(local.endpoint.absoluteString == "http://127.0.0.1:9000")
        #expect(local.region == "us-east-1")
        #expect(local.prefix == "kinetic/")
        for text in [
            "http://bucket", "s3://UPPER", "s3://ab", "s3://bucket/folder", "s3://bucket?endpoint=ftp://x", "s3://bucket?colour=red",
            "s3://bucket?region=a%20b", "s3://bucket?endpoint=http://x/path", "s3://-bucket",
        ] {
            #expect(throws: S3Location.Invalid.self, "\(text)") { try S3Location(url: text) }
        }
    }
}
