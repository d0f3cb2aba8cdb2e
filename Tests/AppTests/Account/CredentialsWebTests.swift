import Foundation
import Testing
import VaporTesting

@testable import App

/// The Change Password and Apps and Automations pages, and the sign-up throttle.
@Suite struct CredentialsWebTests {
    @Test func changingThePasswordOnTheWeb_keepsThisBrowser_andSignsTheOthersOut() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let otherBrowser = WebClient(app: app)
            try await otherBrowser.logIn(email: account.email, password: account.password)

            let wrong = try await web.post(
                "/settings/password", form: ["currentPassword": "not-it-at-all", "newPassword": "a-new-long-secret"],
                csrfPage: "/settings/password")
            #expect(wrong.status == .unprocessableEntity)
            #expect(wrong.body.string.contains("This is not your current password."))

            let changed = try await web.post(
                "/settings/password", form: ["currentPassword": account.password, "newPassword": "a-new-long-secret"],
                csrfPage: "/settings/password")
            #expect(changed.status == .seeOther)
            #expect(changed.headers.first(name: .location) == "/settings/password?saved=1")
            #expect(
                try await web.get("/settings/password?saved=1").body.string.contains("Every other browser and app has been signed out."))
            #expect(try await otherBrowser.get("/profile").status == .seeOther)
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .unauthorized)
        }
    }

    @Test func theTokensPage_listsTheAccountsTokens_andRevokesOne() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let other = try await app.signUp()
            _ = try await app.json(
                .POST, "/api/v1/login", body: ["email": account.email, "password": account.password, "deviceName": "Park kiosk <3>"])
            let page = try await web.get("/settings/tokens").body.string
            #expect(page.contains("Park kiosk &lt;3&gt;"))
            #expect(page.contains("Unnamed app"))
            #expect(!page.contains(other.token) && !page.contains(account.token))
            let marker = "/settings/tokens/"
            let revokePaths = page.components(separatedBy: "action=\"" + marker).dropFirst().map { marker + $0.prefix { $0 != "\"" } }
            #expect(revokePaths.count == 2)

            let othersToken =
                try #require(try await app.json(.GET, "/api/v1/tokens", token: other.token).jsonObject()["tokens"] as? [[String: Any]])
                .first?["id"] as? String
            let foreign = try await web.post(
                "/settings/tokens/\(try #require(othersToken))/revoke", form: [:], csrfPage: "/settings/tokens")
            #expect(foreign.status == .notFound)
            #expect(try await app.json(.GET, "/api/v1/profile", token: other.token).status == .ok)

            for path in revokePaths {
                #expect(try await web.post(path, form: [:], csrfPage: "/settings/tokens").status == .seeOther)
            }
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .unauthorized)
            #expect(try await web.get("/settings/tokens?revoked=1").body.string.contains("No app or automation is signed in."))
        }
    }

    @Test func signUps_areThrottledPerAddress() async throws {
        try await withKinetic { app in
            app.kineticConfiguration.signUpBurstPerAddress = 3
            var statuses: [HTTPStatus] = []
            for index in 0..<5 {
                let body = ByteBuffer(string: #"{"name":"N","email":"user\#(index)@example.com","password":"long-enough-pw"}"#)
                let response = try await app.testing(method: .running(port: 0)).sendRequest(
                    .POST, "/api/v1/accounts", headers: ["Content-Type": "application/json"], body: body)
                statuses.append(response.status)
                if response.status == .tooManyRequests { #expect(response.headers.first(name: .retryAfter) != nil) }
            }
            #expect(statuses == [.created, .created, .created, .tooManyRequests, .tooManyRequests])
        }
    }

    /// Behind a proxy named in `KINETIC_TRUSTED_PROXIES` each client counts on its own, by
    /// the address the proxy appended to `X-Forwarded-For`; from anyone else that header is
    /// ignored, so a client cannot make itself new addresses.
    @Test(arguments: [true, false]) func behindATrustedProxy_signUpsCountPerForwardedClient(trusted: Bool) async throws {
        try await withKinetic { app in
            app.kineticConfiguration.signUpBurstPerAddress = 2
            app.kineticConfiguration.trustedProxies = trusted ? ["127.0.0.1", "::1"] : []
            var statuses: [HTTPStatus] = []
            for (index, client) in ["198.51.100.1", "198.51.100.1", "198.51.100.1", "198.51.100.2"].enumerated() {
                let body = ByteBuffer(string: #"{"name":"N","email":"proxied\#(index)@example.com","password":"long-enough-pw"}"#)
                let response = try await app.testing(method: .running(port: 0)).sendRequest(
                    .POST, "/api/v1/accounts",
                    headers: ["Content-Type": "application/json", "X-Forwarded-For": "6.6.6.\(index), \(client)"], body: body)
                statuses.append(response.status)
            }
            #expect(
                statuses
                    == (trusted
                        ? [.created, .created, .tooManyRequests, .created] : [.created, .created, .tooManyRequests, .tooManyRequests]))
        }
    }

    /// An IPv6 client holds a whole /64 and may use any address in it: per-address limits count
    /// the /64, so rotating through it makes no new clients; the next /64 is someone else.
    @Test func ipv6Clients_countByTheirSlash64() async throws {
        try await withKinetic { app in
            app.kineticConfiguration.signUpBurstPerAddress = 2
            app.kineticConfiguration.trustedProxies = ["127.0.0.1", "::1"]
            var statuses: [HTTPStatus] = []
            let clients = ["2001:db8:1:2::1", "2001:db8:1:2:aaaa::7", "2001:DB8:1:2:ffff:ffff:ffff:fffe", "2001:db8:1:3::1"]
            for (index, client) in clients.enumerated() {
                let body = ByteBuffer(string: #"{"name":"N","email":"six\#(index)@example.com","password":"long-enough-pw"}"#)
                let response = try await app.testing(method: .running(port: 0)).sendRequest(
                    .POST, "/api/v1/accounts", headers: ["Content-Type": "application/json", "X-Forwarded-For": client], body: body)
                statuses.append(response.status)
            }
            #expect(statuses == [.created, .created, .tooManyRequests, .created])
        }
    }

    /// `X-Forwarded-Proto: https` makes session cookies `Secure` only when a trusted proxy says
    /// it: from anyone else it is ignored.
    @Test(arguments: [true, false]) func forwardedProto_isBelievedOnlyFromATrustedProxy(trusted: Bool) async throws {
        try await withKinetic { app in
            app.kineticConfiguration.trustedProxies = trusted ? ["127.0.0.1", "::1"] : []
            let response = try await app.testing(method: .running(port: 0)).sendRequest(
                .GET, "/login", headers: ["X-Forwarded-Proto": "https"])
            let cookies = response.headers[.setCookie]
            #expect(!cookies.isEmpty)
            #expect(cookies.allSatisfy { $0.lowercased().contains("; secure") } == trusted, "\(cookies)")
        }
    }
}
