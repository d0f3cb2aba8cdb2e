import Foundation
import KineticCompression
import NIOCore
import Testing
import VaporTesting

@testable import App

/// What a phone downloads: text compressed as it accepts, Public/'s files at fingerprinted
/// addresses kept for a year, pages and JSON checked again (304 while unchanged), and `no-store`
/// only on what holds a secret.
@Suite struct CachingAndCompressionTests {
    @Test func pagesAndJSON_areCompressed_asTheClientAccepts_andReadTheSame() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let plain = try await web.get("/goals")
            #expect(plain.headers.first(name: .contentEncoding) == nil)
            #expect(plain.headers[.vary].contains { $0.contains("Accept-Encoding") })
            let gzip = try await web.get("/goals", headers: ["Accept-Encoding": "gzip, deflate"])
            #expect(gzip.headers.first(name: .contentEncoding) == "gzip")
            #expect(gzip.headers[.vary].contains { $0.contains("Accept-Encoding") })
            #expect(gzip.body.readableBytes * 3 < plain.body.readableBytes)
            #expect(try Gzip.decompress(Array(gzip.body.readableBytesView)) == Array(plain.body.readableBytesView))
            if Brotli.isAvailable {
                let brotli = try await web.get("/goals", headers: ["Accept-Encoding": "gzip, deflate, br, zstd"])
                #expect(brotli.headers.first(name: .contentEncoding) == "br")
                #expect(brotli.body.readableBytes < gzip.body.readableBytes)
                let read = try Brotli.decompress(Array(brotli.body.readableBytesView), maximumBytes: 1 << 20)
                #expect(read == Array(plain.body.readableBytesView))
                // Its ETag is weak (other bytes, the same page) and answers 304 all the same.
                let tag = try #require(brotli.headers.first(name: .eTag))
                #expect(tag.hasPrefix("W/\""))
                let again = try await web.get("/goals", headers: ["Accept-Encoding": "br", "If-None-Match": tag])
                #expect(again.status == .notModified)
                #expect(again.body.readableBytes == 0)
            }
            // JSON too, when large enough to be worth it; a small answer goes as it is.
            let openAPI = try await app.testing().sendRequest(.GET, "/openapi.yaml", headers: ["Accept-Encoding": "gzip"])
            #expect(openAPI.headers.first(name: .contentEncoding) == "gzip")
            let profile = try await app.testing().sendRequest(
                .GET, "/api/v1/profile", headers: ["Authorization": "Bearer \(account.token)", "Accept-Encoding": "gzip"])
            #expect(profile.status == .ok)
            #expect(profile.body.readableBytes < 1_024 && profile.headers.first(name: .contentEncoding) == nil)
            let livez = try await app.testing().sendRequest(.GET, "/livez", headers: ["Accept-Encoding": "gzip"])
            #expect(livez.headers.first(name: .contentEncoding) == nil)
        }
    }

    @Test func publicFiles_haveFingerprintedAddresses_keptForAYear() async throws {
        try await withKinetic { app in
            let (web, _) = try await app.signedInWebClient()
            let page = try await web.get("/goals").body.string
            let styles = try #require(page.firstMatch(of: /href="(\/assets\/css\/app\.[0-9a-f]{10}\.css)"/)?.1)
            let asset = try await app.testing().sendRequest(.GET, String(styles), headers: ["Accept-Encoding": "gzip"])
            #expect(asset.status == .ok)
            #expect(asset.headers.first(name: .cacheControl) == "public, max-age=31536000, immutable")
            #expect(asset.headers.first(name: .contentEncoding) == "gzip")
            #expect(asset.headers.contentType?.subType == "css")
            let plain = try await app.testing().sendRequest(.GET, "/css/app.css")
            #expect(plain.headers.first(name: .cacheControl) == "no-cache")
            #expect(try Gzip.decompress(Array(asset.body.readableBytesView)) == Array(plain.body.readableBytesView))
            let tag = try #require(plain.headers.first(name: .eTag))
            #expect(try await app.testing().sendRequest(.GET, "/css/app.css", headers: ["If-None-Match": tag]).status == .notModified)
            // An address from another version of the file is none of this one's.
            let stale = String(styles).replacing(/\.[0-9a-f]{10}\./, with: ".0000000000.")
            #expect(try await app.testing().sendRequest(.GET, stale).status == .notFound)
            // A picture goes as it is: compression would not shrink it.
            let icon = try await app.testing().sendRequest(
                .GET, app.assets.url("images/icon-512.png"), headers: ["Accept-Encoding": "br, gzip"])
            #expect(icon.status == .ok && icon.headers.first(name: .contentEncoding) == nil)
            #expect(icon.headers.first(name: .cacheControl) == "public, max-age=31536000, immutable")
        }
    }

    @Test func aPage_namesItsWholeModuleGraph_andOnlyTheModulesItUses() async throws {
        try await withKinetic { app in
            let (web, _) = try await app.signedInWebClient()
            // The goals page: its own module and the shell's as scripts, their imports preloaded.
            let goals = try await web.get("/goals").body.string
            let scripts = goals.matches(of: /<script type="module" src="([^"]+)"/).map { String($0.1) }
            let preloads = goals.matches(of: /<link rel="modulepreload" href="([^"]+)"/).map { String($0.1) }
            #expect(scripts.contains(app.assets.url("js/shared/app.js")) && scripts.contains(app.assets.url("js/goals/goals.js")))
            for imported in [
                "js/shared/forms.js", "js/shared/dialogs.js", "js/shared/api.js", "js/shared/strings.js", "js/shared/focus-trap.js",
            ] {
                #expect(preloads.contains(app.assets.url(imported)) || scripts.contains(app.assets.url(imported)), "\(imported)")
            }
            // Every module any of them imports is named in the page: none waits for another to arrive.
            for url in scripts + preloads {
                let module = try await app.testing().sendRequest(.GET, url).body.string
                for imported in module.matches(of: /from '([^']+)'/).map({ String($0.1) }) {
                    #expect(scripts.contains(imported) || preloads.contains(imported), "\(url) imports \(imported)")
                }
            }
            // The fitness settings have rulers, so the ruler's module comes with them.
            #expect(try await web.get("/settings/fitness").body.string.contains(app.assets.url("js/shared/ruler.js")))
            // The Inbox has no ruler and no month bar.
            let inbox = try await web.get("/wishes").body.string
            #expect(!inbox.contains("/ruler.") && !inbox.contains("/month-picker."))
            // The login page has no menus: no shell.
            let login = try await app.testing().sendRequest(.GET, "/login").body.string
            #expect(!login.contains("/js/shared/app."))
        }
    }

    @Test func aChangedFile_getsANewAddress_andSoDoesEachModuleImportingIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-assets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("js/shared"), withIntermediateDirectories: true)
        func write(_ path: String, _ text: String) throws {
            try Data(text.utf8).write(to: directory.appendingPathComponent(path))
        }
        try write("js/page.js", "import { x } from './shared/x.js';\nx();\n")
        try write("js/shared/x.js", "export function x() { return 1; }\n")
        try write("site.css", "body { color: black; }\n")
        let before = try AssetCatalog(directory: directory)
        let page = try #require(before.asset(requestPath: before.url("js/page.js")))
        #expect(page.fingerprinted)
        #expect(String(buffer: page.asset.bytes).contains("from '\(before.url("js/shared/x.js"))'"))
        #expect(before.modules(importedBy: ["js/page.js"]) == [before.url("js/shared/x.js")])

        try write("js/shared/x.js", "export function x() { return 2; }\n")
        let after = try AssetCatalog(directory: directory)
        #expect(after.url("js/shared/x.js") != before.url("js/shared/x.js"))
        #expect(after.url("js/page.js") != before.url("js/page.js"), "its import changed, so it did")
        #expect(after.url("site.css") == before.url("site.css"))
        #expect(after.asset(requestPath: before.url("js/shared/x.js")) == nil)

        // A module that imports a missing file, or itself, is refused at start.
        try write("js/broken.js", "import './missing.js';\n")
        #expect(throws: AssetError.self) { try AssetCatalog(directory: directory) }
        try write("js/broken.js", "import './broken.js';\n")
        #expect(throws: AssetError.self) { try AssetCatalog(directory: directory) }
    }

    @Test func privateAnswers_areKeptByNoProxy_andSecretsByNoOne() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            for path in ["/goals", "/steps", "/workouts", "/reports", "/wishes", "/settings"] {
                let page = try await web.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(page.headers.first(name: .cacheControl) == "private, no-cache", "\(path)")
                let tag = try #require(page.headers.first(name: .eTag), "\(path)")
                #expect(try await web.get(path, headers: ["If-None-Match": tag]).status == .notModified, "\(path)")
            }
            for path in ["/api/v1/profile", "/api/v1/tokens"] {
                let read = try await app.testing().sendRequest(.GET, path, headers: ["Authorization": "Bearer \(account.token)"])
                #expect(read.status == .ok, "\(path)")
                #expect(read.headers.first(name: .cacheControl) == "private, no-cache", "\(path)")
            }
            #expect(try await app.testing().sendRequest(.GET, "/api/v1/profile").headers.first(name: .cacheControl) == "private, no-cache")
            #expect(try await app.testing().sendRequest(.GET, "/login").headers.first(name: .cacheControl) == "no-cache")
            // What holds a secret is kept nowhere: a new API token, a page whose address is a link's token.
            let login = try await app.testing().sendRequest(
                .POST, "/api/v1/login", headers: ["Content-Type": "application/json"],
                body: ByteBuffer(string: #"{"email":"\#(account.email)","password":"\#(account.password)"}"#))
            #expect(login.status == .ok)
            #expect(login.headers.first(name: .cacheControl) == "no-store")
            let reset = try await app.testing().sendRequest(.GET, "/password/reset/not-a-token")
            #expect(reset.headers.first(name: .cacheControl) == "no-store")
            // Signing out takes the pages the browser kept with it.
            let signedOut = try await web.post("/logout", form: [:], csrfPage: "/goals")
            #expect(signedOut.headers.first(name: "Clear-Site-Data") == "\"cache\", \"storage\"")
        }
    }
}
