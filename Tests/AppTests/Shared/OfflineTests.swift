import Foundation
import Testing
import VaporTesting

@testable import App

/// What lets Kinetic work as an app on the phone: the service worker at the site's root with
/// this release's shell, the page it shows for a page not kept, and the account each page is
/// for, so a phone keeps each account's pages apart.
@Suite struct OfflineTests {
    @Test func theServiceWorker_controlsTheSite_andNamesThisReleasesShell() async throws {
        try await withKinetic { app in
            let response = try await app.testing().sendRequest(.GET, "/sw.js")
            #expect(response.status == .ok)
            #expect(response.headers.contentType?.description.hasPrefix("text/javascript") == true)
            #expect(response.headers.first(name: "Service-Worker-Allowed") == "/")
            #expect(response.headers.first(name: .cacheControl) == "no-cache")
            let script = response.body.string
            #expect(!script.contains("__KINETIC_"))
            for file in ["css/app.css", "js/shared/app.js", "js/shared/offline.js", "images/icon-192.png"] {
                #expect(script.contains("'\(app.assets.url(file))'"), "\(file)")
            }
            #expect(script.contains("const OFFLINE_PAGE = '/offline';"))
            let version = try #require(script.firstMatch(of: /const VERSION = '([0-9a-f]{10})';/)?.1)
            #expect(String(version) == app.serviceWorker.version)

            // A release whose stylesheet or offline page changed installs a new worker, which
            // names the new stylesheet.
            let template = try app.resource("service-worker.js", "the service worker") { String(decoding: $0, as: UTF8.self) }
            let offlinePage = try await app.testing().sendRequest(.GET, "/offline").body.string
            let same = ServiceWorkerScript(template: template, assets: app.assets, offlinePage: offlinePage)
            let otherPage = ServiceWorkerScript(template: template, assets: app.assets, offlinePage: offlinePage + " ")
            #expect(same.version == app.serviceWorker.version)
            #expect(otherPage.version != same.version)
            let release = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-public-\(UUID())")
            defer { try? FileManager.default.removeItem(at: release) }
            try FileManager.default.copyItem(at: URL(fileURLWithPath: app.directory.publicDirectory), to: release)
            let stylesheet = release.appendingPathComponent("css/app.css")
            try (try String(contentsOf: stylesheet, encoding: .utf8) + "\n.changed { color: red; }\n").write(
                to: stylesheet, atomically: true, encoding: .utf8)
            let changed = try AssetCatalog(directory: release)
            let next = ServiceWorkerScript(template: template, assets: changed, offlinePage: offlinePage)
            #expect(next.version != same.version)
            #expect(next.text.contains("'\(changed.url("css/app.css"))'") && changed.url("css/app.css") != app.assets.url("css/app.css"))
        }
    }

    @Test func theServiceWorker_goesCompressedWithoutItsComments_andAnswers304WhileUnchanged() async throws {
        try await withKinetic { app in
            let plain = try await app.testing().sendRequest(.GET, "/sw.js").body.string
            #expect(!plain.contains("\n//") && !plain.contains("/**") && !plain.contains("\n  "), "no comment lines, no indentation")
            let compressed = try await app.testing().sendRequest(.GET, "/sw.js", headers: ["Accept-Encoding": "gzip"])
            #expect(compressed.headers.first(name: .contentEncoding) == "gzip")
            #expect(compressed.body.readableBytes < plain.utf8.count / 2)
            #expect(compressed.headers.first(name: .vary) == "Accept-Encoding")
            let tag = try #require(compressed.headers.first(name: .eTag))
            #expect(tag.contains(app.serviceWorker.version))
            let again = try await app.testing().sendRequest(.GET, "/sw.js", headers: ["Accept-Encoding": "gzip", "If-None-Match": tag])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
            let otherCoding = try await app.testing().sendRequest(.GET, "/sw.js", headers: ["If-None-Match": tag])
            #expect(otherCoding.status == .ok, "the plain script is another representation")
        }
    }

    @Test func theOfflinePage_namesNoOne_andSpeaksTheBrowsersLanguage() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let page = try await web.get("/offline", headers: ["Accept-Language": "de-DE"])
            #expect(page.status == .ok)
            #expect(page.body.string.contains("Du bist offline"))
            #expect(!page.body.string.contains(account.email))
            #expect(!page.body.string.contains("_csrf"))
            #expect(page.headers.first(name: OfflineAccountMiddleware.header) == nil)
        }
    }

    @Test func aSignedInPage_namesItsAccount_andNothingElseDoes() async throws {
        try await withKinetic { app in
            let (first, firstAccount) = try await app.signedInWebClient()
            let (second, _) = try await app.signedInWebClient()
            let name = try #require(try await first.get("/goals").headers.first(name: OfflineAccountMiddleware.header))
            #expect(name.wholeMatch(of: /[0-9a-f]{16}/) != nil)
            #expect(try await first.get("/settings").headers.first(name: OfflineAccountMiddleware.header) == name)
            #expect(try await second.get("/goals").headers.first(name: OfflineAccountMiddleware.header).map { $0 != name } == true)
            // Signed-out pages, the API and files name no one.
            #expect(try await WebClient(app: app).get("/login").headers.first(name: OfflineAccountMiddleware.header) == nil)
            let api = try await app.testing().sendRequest(
                .GET, "/api/v1/profile", headers: ["Authorization": "Bearer \(firstAccount.token)"])
            #expect(api.status == .ok && api.headers.first(name: OfflineAccountMiddleware.header) == nil)
            #expect(try await first.get("/sw.js").headers.first(name: OfflineAccountMiddleware.header) == nil)
        }
    }

    @Test func theManifest_offersGoalsWorkoutsAndWishes_inTheBrowsersLanguage() async throws {
        try await withKinetic { app in
            let response = try await app.testing().sendRequest(.GET, "/manifest.webmanifest", headers: ["Accept-Language": "de"])
            let manifest = try response.jsonObject()
            #expect(manifest["id"] as? String == "/profile")
            let shortcuts = try #require(manifest["shortcuts"] as? [[String: Any]])
            #expect(shortcuts.map { $0["url"] as? String } == ["/goals", "/workouts", "/wishes"])
            #expect(shortcuts.map { $0["name"] as? String } == ["Ziele", "Workouts", "Grüße"])
        }
    }
}
