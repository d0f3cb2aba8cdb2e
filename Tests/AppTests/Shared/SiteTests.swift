import Fluent
import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

@Suite struct SiteTests {
    @Test func healthz_answersWhenTheDatabaseDoes() async throws {
        try await withKinetic { app in
            let response = try await app.testing().sendRequest(.GET, "/healthz")
            #expect(response.status == .ok)
            #expect(response.body.string == "ok\n")
        }
    }

    @Test func manifest_isInstallableInPortrait() async throws {
        try await withKinetic { app in
            let response = try await app.testing().sendRequest(.GET, "/manifest.webmanifest")
            #expect(response.status == .ok)
            #expect(response.headers.contentType?.description.hasPrefix("application/manifest+json") == true)
            // Raw on purpose: the web manifest is no API answer; the document does not describe it.
            let manifest = try response.jsonObject()
            #expect(manifest["orientation"] as? String == "portrait")
            #expect(manifest["display"] as? String == "standalone")
            let icons = try #require(manifest["icons"] as? [[String: Any]])
            #expect(icons.contains { $0["sizes"] as? String == "512x512" })
            for icon in icons {
                let path = try #require(icon["src"] as? String)
                #expect(try await app.testing().sendRequest(.GET, path).status == .ok, "\(path)")
            }
        }
    }

    @Test func unknownPage_rendersTheErrorPage_andUnknownAPIRoute_answersJSON() async throws {
        try await withKinetic { app in
            let page = try await app.testing().sendRequest(.GET, "/nowhere")
            #expect(page.status == .notFound)
            #expect(page.body.string.contains("This page does not exist."))
            let api = try await app.testing().sendRequest(.GET, "/api/v1/nowhere")
            #expect(api.status == .notFound)
            #expect(try api.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "not_found")
        }
    }

    @Test func demoSeeder_createsTheDemoAccountOnlyOnAnEmptyDatabase() async throws {
        try await withKinetic { app in
            app.kineticConfiguration.demoPassword = "demo-password-1"
            let password = try await DemoSeeder.seedIfEmpty(app)
            #expect(password == "demo-password-1")
            #expect(try await DemoSeeder.seedIfEmpty(app) == nil)
            let login = try await app.json(.POST, "/api/v1/login", body: ["email": DemoSeeder.email, "password": "demo-password-1"])
            #expect(login.status == .ok)
            // Wishes in every list, the newest two received unread.
            let token = try login.decoded(as: Components.Schemas.AuthResponse.self).token
            let counts = try await app.json(.GET, "/api/v1/wishes/counts", token: token).decoded(as: Components.Schemas.WishCounts.self)
            #expect(counts.scheduled == 4 && counts.inbox == 5 && counts.unread == 2 && counts.sent == 2)
        }
    }
}
