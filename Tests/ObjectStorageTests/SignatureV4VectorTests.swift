import Foundation
import Testing

@testable import ObjectStorage

/// AWS's Signature Version 4 test suite (Fixtures/aws4_testsuite): for every request in it, the
/// signer gives the canonical request, string to sign and Authorization header AWS published.
@Suite struct SignatureV4VectorTests {
    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/aws4_testsuite")
    static let credentials = SignatureV4.Credentials(
        accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
    /// The one case whose token the signer adds (the others that carry one send it as a header).
    static let sessionTokens = ["get-vanilla-with-session-token": "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267"]

    static func cases() throws -> [URL] {
        let files = FileManager.default.enumerator(at: suite, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "req" }.sorted { $0.path < $1.path }
    }

    @Test func theSuiteIsThere() throws {
        #expect(try Self.cases().count >= 30)
    }

    @Test(arguments: try cases())
    func everyCase_signsAsAWSPublished(_ requestFile: URL) throws {
        let name = requestFile.deletingPathExtension().lastPathComponent
        let expected = { (suffix: String) in
            try String(contentsOf: requestFile.deletingPathExtension().appendingPathExtension(suffix), encoding: .utf8)
        }
        let (request, date) = try Self.parse(try String(contentsOf: requestFile, encoding: .utf8))
        var credentials = Self.credentials
        credentials.sessionToken = Self.sessionTokens[name]
        let signer = SignatureV4(credentials: credentials, region: "us-east-1", service: "service", normalizesPath: true)
        let signed = signer.sign(request, at: date)
        #expect(signed.canonicalRequest == (try expected("creq")), "\(name)")
        #expect(signed.stringToSign == (try expected("sts")), "\(name)")
        #expect(signed.authorization == (try expected("authz")), "\(name)")
    }

    /// The S3 examples of AWS's "Signature Calculations for the Authorization Header" page:
    /// a GET with a range, a PUT with a body and a listing, for the documentation's bucket.
    @Test func theS3DocumentationExamples_signAsPublished() {
        let signer = SignatureV4(
            credentials: SignatureV4.Credentials(
                accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
            region: "us-east-1")
        let date = Date(timeIntervalSince1970: 1_369_353_600) // 2013-05-24T00:00:00Z
        let host = SignatureV4.Header("host", "examplebucket.s3.amazonaws.com")
        let empty = SignatureV4.emptyPayloadHash
        let get = signer.sign(
            SignatureV4.Request(
                method: "GET", path: "/test.txt",
                headers: [host, SignatureV4.Header("range", "bytes=0-9"), SignatureV4.Header("x-amz-content-sha256", empty)],
                payloadHash: empty), at: date)
        #expect(get.authorization.hasSuffix("Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"))
        let body = "Welcome to Amazon S3."
        let put = signer.sign(
            SignatureV4.Request(
                method: "PUT", path: "/test$file.text",
                headers: [
                    host, SignatureV4.Header("date", "Fri, 24 May 2013 00:00:00 GMT"),
                    SignatureV4.Header("x-amz-storage-class", "REDUCED_REDUNDANCY"),
                    SignatureV4.Header("x-amz-content-sha256", SignatureV4.payloadHash(of: Data(body.utf8))),
                ],
                payloadHash: SignatureV4.payloadHash(of: Data(body.utf8))), at: date)
        #expect(put.authorization.hasSuffix("Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd"))
        let list = signer.sign(
            SignatureV4.Request(
                method: "GET", path: "/", query: [SignatureV4.QueryItem("max-keys", "2"), SignatureV4.QueryItem("prefix", "J")],
                headers: [host, SignatureV4.Header("x-amz-content-sha256", empty)], payloadHash: empty), at: date)
        #expect(list.authorization.hasSuffix("Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7"))
    }

    @Test func encoding_keepsOnlyTheUnreservedBytes() {
        #expect(SignatureV4.encoded("a b/ü~+*", keepingSlashes: true) == "a%20b/%C3%BC~%2B%2A")
        #expect(SignatureV4.encoded("a b/ü", keepingSlashes: false) == "a%20b%2F%C3%BC")
        #expect(SignatureV4.normalized("/a/./b/../../c//d/") == "/c/d/")
        #expect(SignatureV4.normalized("/..") == "/")
    }

    /// Reads a `.req` file: the request line, headers (a line starting with a space continues
    /// the one before), an empty line and the body. The `X-Amz-Date` header gives the time of
    /// signing and is left to the signer to add again.
    static func parse(_ text: String) throws -> (SignatureV4.Request, Date) {
        let parts = text.components(separatedBy: "\n\n")
        let head = parts[0].components(separatedBy: "\n")
        let body = parts.dropFirst().joined(separator: "\n\n")
        let line = head[0]
        let method = String(line.prefix { $0 != " " })
        let target = String(line.dropFirst(method.count + 1).dropLast(" HTTP/1.1".count))
        let pathText = String(target.prefix { $0 != "?" })
        let queryText = target.dropFirst(pathText.count + 1)
        let query: [SignatureV4.QueryItem] =
            queryText.isEmpty
            ? []
            : queryText.split(separator: "&", omittingEmptySubsequences: false).map { pair in
                let name = String(pair.prefix { $0 != "=" })
                let value = String(pair.dropFirst(name.count + 1))
                return SignatureV4.QueryItem(name.removingPercentEncoding ?? name, value.removingPercentEncoding ?? value)
            }
        var headers: [SignatureV4.Header] = []
        for headerLine in head.dropFirst() where !headerLine.isEmpty {
            if headerLine.first == " " || headerLine.first == "\t", !headers.isEmpty {
                headers[headers.count - 1].value += " " + headerLine.trimmingCharacters(in: .whitespaces)
                continue
            }
            let name = String(headerLine.prefix { $0 != ":" })
            headers.append(SignatureV4.Header(name, String(headerLine.dropFirst(name.count + 1))))
        }
        let stamp = try #require(headers.first { $0.name.lowercased() == "x-amz-date" }?.value)
        headers.removeAll { $0.name.lowercased() == "x-amz-date" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let date = try #require(formatter.date(from: stamp))
        let request = SignatureV4.Request(
            method: method, path: pathText, query: query, headers: headers, payloadHash: SignatureV4.payloadHash(of: Data(body.utf8)))
        return (request, date)
    }
}
