import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

@Suite struct HTTPHardeningTests {
    @Test func anotherMethodOnAKnownPath_answers405WithAllow_andUnknownPathsStay404() async throws {
        try await withKinetic { app in
            let trace = try await app.testing().sendRequest(.TRACE, "/api/v1/jump-sessions")
            #expect(trace.status == .methodNotAllowed)
            #expect(try trace.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "method_not_allowed")
            let allow = trace.headers.first(name: .allow) ?? ""
            #expect(allow.contains("GET") && allow.contains("POST") && allow.contains("HEAD"))
            let put = try await app.testing().sendRequest(.PUT, "/healthz")
            #expect(put.status == .methodNotAllowed)
            #expect(put.headers.first(name: .allow) == "GET, HEAD")
            #expect(try await app.testing().sendRequest(.TRACE, "/api/v1/nowhere").status == .notFound)
            // Constant paths beside a parameter route are not read as an id by another method.
            let account = try await app.signUp()
            for path in ["/api/v1/wishes/counts", "/api/v1/wishes/occasions", "/api/v1/wishes/search-history"] {
                let put = try await app.json(.PUT, path, body: [:], token: account.token)
                #expect(put.status == .methodNotAllowed, "\(path)")
                #expect(put.headers.first(name: .allow) == "GET, HEAD", "\(path)")
            }
            #expect(
                try await app.json(.PUT, "/api/v1/wishes/photos", body: [:], token: account.token).headers.first(name: .allow) == "POST")
            #expect(try await app.testing().sendRequest(.DELETE, "/steps/elsewhere").status == .notFound)
        }
    }

    /// A path the file system cannot look up once answered 500 (and logged the whole path).
    @Test func overlongPaths_answer414_andOverlongSegments404_never500() async throws {
        try await withKinetic { app in
            let long = try await app.testing().sendRequest(.GET, "/" + String(repeating: "a", count: 4_100))
            #expect(long.status == .uriTooLong)
            let api = try await app.testing().sendRequest(.GET, "/api/v1/" + String(repeating: "b", count: 5_000))
            #expect(api.status == .uriTooLong)
            #expect(try api.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "uri_too_long")
            for path in [
                "/" + String(repeating: "c", count: 300), "/css/" + String(repeating: "%41", count: 200),
                "/js/" + String(repeating: "é", count: 200) + "/x.js",
            ] {
                #expect(try await app.testing().sendRequest(.GET, path).status == .notFound, "\(path.prefix(20))")
            }
            #expect(try await app.testing().sendRequest(.GET, "/css/app.css").status == .ok)
        }
    }

    /// No client compresses what it sends; a coded body is refused whole, before any route
    /// reads its bytes as JSON, and the server keeps no decompressor in front of every request.
    @Test func aCodedRequestBody_answers415_andIdentityIsRead() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let login = #"{"email":"\#(account.email)","password":"\#(account.password)"}"#
            for coding in ["gzip", "br", "identity, gzip", "deflate"] {
                let coded = try await app.testing().sendRequest(
                    .POST, "/api/v1/login",
                    headers: ["Content-Type": "application/json", "Content-Encoding": coding], body: ByteBuffer(string: login))
                #expect(coded.status == .unsupportedMediaType, "\(coding)")
                #expect(try coded.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "unsupported_media_type")
            }
            for coding in ["identity", "Identity"] {
                let plain = try await app.testing().sendRequest(
                    .POST, "/api/v1/login",
                    headers: ["Content-Type": "application/json", "Content-Encoding": coding], body: ByteBuffer(string: login))
                #expect(plain.status == .ok, "\(coding)")
            }
            #expect(RequestLimitsMiddleware.isIdentity([]))
            #expect(!RequestLimitsMiddleware.isIdentity(["identity", "gzip"]))
        }
    }

    @Test func hsts_isSentOnlyOverHTTPS() async throws {
        try await withKinetic { app in
            let plain = try await app.testing().sendRequest(.GET, "/healthz")
            #expect(plain.headers.first(name: .strictTransportSecurity) == nil)
            let untrusted = try await app.testing(method: .running(port: 0)).sendRequest(
                .GET, "/healthz", headers: ["X-Forwarded-Proto": "https"])
            #expect(untrusted.headers.first(name: .strictTransportSecurity) == nil, "only a trusted proxy is believed")
            app.kineticConfiguration.trustedProxies = ["127.0.0.1", "::1"]
            let proxied = try await app.testing(method: .running(port: 0)).sendRequest(
                .GET, "/healthz", headers: ["X-Forwarded-Proto": "https"])
            let hsts = try #require(proxied.headers.first(name: .strictTransportSecurity))
            #expect(hsts.hasPrefix("max-age=") && (Int(hsts.dropFirst("max-age=".count)) ?? 0) >= 31_536_000)
        }
    }
}
