import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing

@testable import ObjectStorage

/// The requests S3Client sends, signed by botocore (AWS's Python SDK, the signer boto3 uses for
/// S3) for the same method, address, headers, body and moment: both must give the same
/// Authorization header. Needs python3 with botocore (scripts/test installs it).
@Suite struct SignatureV4BotocoreTests {
    struct Case {
        var location: S3Location
        var credentials: SignatureV4.Credentials
        var method: HTTPMethod
        var key: String?
        var query: [SignatureV4.QueryItem] = []
        var headers: [(String, String)] = []
        var body = ""
    }

    static let moment = Date(timeIntervalSince1970: 1_800_000_123)

    static var cases: [Case] {
        let local = S3Location(bucket: "kinetic-media", endpoint: URL(string: "http://127.0.0.1:9000")!, region: "eu-central-1")
        let aws = try! S3Location(url: "s3://media.example.org?region=ap-southeast-2&prefix=kinetic")
        let keys = SignatureV4.Credentials(accessKeyID: "AKIAKINETICTEST", secretAccessKey: "s3cr3t/with+signs=")
        let temporary = SignatureV4.Credentials(accessKeyID: "ASIATEMPORARY", secretAccessKey: "another", sessionToken: "FwoG+token/==")
        return [
            Case(location: local, credentials: keys, method: .GET, key: "songs/3f2a9c1e.mp3", headers: [("range", "bytes=1048576-")]),
            Case(
                location: local, credentials: keys, method: .PUT, key: "reports/a b+c=d/Übersicht (1).pdf",
                headers: [("content-type", "application/pdf")], body: "%PDF-1.7 a small file"),
            Case(location: aws, credentials: keys, method: .HEAD, key: "wishes/photos/9a.jpg"),
            Case(location: aws, credentials: temporary, method: .DELETE, key: "songs/~tilde_and-dash.ogg"),
            Case(
                location: local, credentials: temporary, method: .GET, key: nil,
                query: [
                    SignatureV4.QueryItem("list-type", "2"), SignatureV4.QueryItem("prefix", "reports/a b/"),
                    SignatureV4.QueryItem("continuation-token", "1/abc+=/=="),
                ]),
            Case(location: aws, credentials: keys, method: .HEAD, key: nil),
        ]
    }

    @Test func everyKindOfRequest_isSignedAsBotocoreSignsIt() async throws {
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        var items: [[String: Any?]] = []
        var ours: [String] = []
        for item in Self.cases {
            let client = S3Client(location: item.location, credentials: item.credentials, http: http, now: { Self.moment })
            let body = Data(item.body.utf8)
            let request = client.prepared(
                item.method, key: item.key, query: item.query, headers: item.headers,
                payloadHash: item.body.isEmpty ? SignatureV4.emptyPayloadHash : SignatureV4.payloadHash(of: body))
            ours.append(try #require(request.headers.first(name: "authorization")))
            // What botocore is given is what goes on the wire, less what it adds itself.
            let added: Set<String> = ["authorization", "x-amz-date", "x-amz-content-sha256", "x-amz-security-token", "host"]
            let headers = Dictionary(request.headers.filter { !added.contains($0.name.lowercased()) }.map { ($0.name, $0.value) }) { $1 }
            items.append([
                "method": item.method.rawValue, "url": request.url, "headers": headers, "body": item.body,
                "region": item.location.region, "accessKeyID": item.credentials.accessKeyID,
                "secretAccessKey": item.credentials.secretAccessKey, "sessionToken": item.credentials.sessionToken,
                "time": Self.moment.timeIntervalSince1970,
            ])
        }
        try await http.shutdown()
        let answers = try Self.botocore(items)
        #expect(answers.count == ours.count)
        for (index, (mine, theirs)) in zip(ours, answers).enumerated() {
            #expect(mine == theirs["authorization"], "case \(index): \(items[index]["url"] as? String ?? "")")
        }
    }

    /// Runs Fixtures/botocore_sign.py on `items`.
    static func botocore(_ items: [[String: Any?]]) throws -> [[String: String]] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/botocore_sign.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let json = try JSONSerialization.data(withJSONObject: items.map { $0.mapValues { $0 ?? NSNull() } })
        input.fileHandleForWriting.write(json)
        try input.fileHandleForWriting.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "botocore_sign.py failed (is botocore installed?): \(complaint)")
        return try #require(try JSONSerialization.jsonObject(with: answer) as? [[String: String]])
    }
}
