import Fluent
import Foundation
import Testing
import VaporTesting

@testable import App

@Suite struct WebAuthTests {
    @Test func signUpForm_createsAccountAndSignsIn() async throws {
        try await withKinetic { app in
            let web = WebClient(app: app)
            let response = try await web.post(
                "/signup", form: ["name": "Web User", "email": "web@example.com", "password": "web-password"])
            #expect(response.status == .seeOther)
            #expect(web.cookies[WebSessionMiddleware.sessionCookie] != nil)
            let profile = try await web.get("/profile")
            #expect(profile.status == .ok)
            #expect(profile.body.string.contains("Web User"))
        }
    }

    @Test func signUpForm_invalidInput_rerendersWithMessagesAnd422() async throws {
        try await withKinetic { app in
            let web = WebClient(app: app)
            let response = try await web.post(
                "/signup", form: ["name": "Kim", "email": "kim@example", "password": "short"], csrfPage: "/signup")
            #expect(response.status == .unprocessableEntity)
            let html = response.body.string
            #expect(html.contains("Use at least 8 characters for your password."))
            #expect(html.contains("value=\"Kim\""))
            #expect(html.contains("aria-invalid=\"true\""))
            #expect(try await User.query(on: app.db).count() == 0)
        }
    }

    @Test func login_setsAHardenedSessionCookie() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let web = WebClient(app: app)
            let response = try await web.post("/login", form: ["email": account.email, "password": account.password])
            let cookie = try #require(response.headers[.setCookie].first { $0.hasPrefix(WebSessionMiddleware.sessionCookie + "=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(!cookie.contains("Secure"))
            // Over HTTPS (a trusted proxy's X-Forwarded-Proto) every cookie is Secure:
            // CredentialsWebTests.forwardedProto_isBelievedOnlyFromATrustedProxy.
        }
    }

    @Test func login_alwaysStartsANewSession_andOnlyTheNewOneWorks() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let web = WebClient(app: app)
            try await web.logIn(email: account.email, password: account.password)
            let first = try #require(web.cookies[WebSessionMiddleware.sessionCookie])
            let csrf = try await web.csrfToken(from: "/profile")
            let again = try await web.post(
                "/login", form: ["email": account.email, "password": account.password, "_csrf": csrf], csrf: false)
            #expect(again.status == .seeOther)
            let second = try #require(web.cookies[WebSessionMiddleware.sessionCookie])
            #expect(first != second)
            let replay = WebClient(app: app)
            replay.setCookie(WebSessionMiddleware.sessionCookie, first)
            #expect(try await replay.get("/profile").status == .seeOther)
        }
    }

    @Test func logout_invalidatesTheSession() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let web = WebClient(app: app)
            try await web.logIn(email: account.email, password: account.password)
            let session = try #require(web.cookies[WebSessionMiddleware.sessionCookie])
            let response = try await web.post("/logout", form: [:], csrfPage: "/profile")
            #expect(response.status == .seeOther)
            #expect(response.headers.first(name: .location) == "/login?signedOut=1")
            #expect(web.cookies[WebSessionMiddleware.sessionCookie] == nil)
            let replay = WebClient(app: app)
            replay.setCookie(WebSessionMiddleware.sessionCookie, session)
            let after = try await replay.get("/profile")
            #expect(after.status == .seeOther)
            #expect(after.headers.first(name: .location) == "/login?next=%2Fprofile")
        }
    }

    @Test func wrongPassword_showsTheMessageOnTheLoginPage() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let response = try await WebClient(app: app).post("/login", form: ["email": account.email, "password": "nope-nope-nope"])
            #expect(response.status == .unauthorized)
            #expect(response.body.string.contains("The e-mail address or password is not correct."))
        }
    }

    @Test func webLogins_areThrottledToo() async throws {
        try await withKinetic(loginBurstPerAccount: 2) { app in
            let account = try await app.signUp()
            let web = WebClient(app: app)
            for _ in 0..<2 { try await web.post("/login", form: ["email": account.email, "password": "wrong-password"]) }
            let response = try await web.post("/login", form: ["email": account.email, "password": account.password])
            #expect(response.status == .tooManyRequests)
            #expect(response.body.string.contains("Too many failed attempts"))
        }
    }

    @Test(arguments: ["/login", "/signup", "/logout", "/settings/fitness", "/settings/language", "/goals/edit", "/goals/history"])
    func formPostWithoutCSRFToken_is403(path: String) async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let web = WebClient(app: app)
            try await web.logIn(email: account.email, password: account.password)
            let response = try await web.post(
                path, form: ["email": account.email, "password": account.password, "height": "70", "language": "de"], csrf: false)
            #expect(response.status == .forbidden)
            let forged = try await web.post(path, form: ["_csrf": "forged", "height": "70"], csrf: false)
            #expect(forged.status == .forbidden)
            let user = try #require(try await User.query(on: app.db).first())
            #expect(user.heightInches == nil)
            #expect(user.language == nil)
        }
    }

    @Test func signedOutVisitor_isSentToLogin_andBackToThePageOnceSignedIn() async throws {
        try await withKinetic { app in
            let browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
            for path in ["/profile", "/settings", "/settings/fitness", "/goals", "/steps"] {
                let response = try await WebClient(app: app).get(path, headers: ["Accept": browserAccept])
                #expect(response.status == .seeOther)
                #expect(response.headers.first(name: .location) == SiteURL.login.with([("next", path)]))
            }
            // A reminder's link opened signed out: signing in goes on to it.
            let account = try await app.signUp()
            let web = WebClient(app: app)
            let asked = try await web.get("/wishes/yearly?x=1", headers: ["Accept": browserAccept])
            let login = try #require(asked.headers.first(name: .location))
            #expect(try await web.get(login).body.string.contains(#"name="next" value="/wishes/yearly?x=1""#))
            let signedIn = try await web.post(
                "/login", form: ["email": account.email, "password": account.password, "next": "/wishes/yearly?x=1"])
            #expect(signedIn.headers.first(name: .location) == "/wishes/yearly?x=1")
        }
    }

    /// Signing in returns only to a page of this site: another host, a scheme-relative or
    /// backslashed path, or a control character sends the person to their profile.
    @Test func theReturnPath_isOnlyEverAPageOfThisSite() async throws {
        for hostile in ["https://evil.example/", "//evil.example/x", "/\\evil.example", "/wishes\r\nSet-Cookie:x", "wishes", "", "/a b"] {
            #expect(ReturnPath.checked(hostile) == nil, "\(hostile)")
        }
        #expect(ReturnPath.checked("/wishes/3f2a/edit?from=reminder") == "/wishes/3f2a/edit?from=reminder")
        #expect(ReturnPath.checked("/" + String(repeating: "a", count: ReturnPath.maximumLength)) == nil)
        try await withKinetic { app in
            let account = try await app.signUp()
            let web = WebClient(app: app)
            let signedIn = try await web.post(
                "/login", form: ["email": account.email, "password": account.password, "next": "//evil.example/x"])
            #expect(signedIn.headers.first(name: .location) == "/profile")
        }
    }

    @Test func everyResponse_carriesSecurityHeaders() async throws {
        try await withKinetic { app in
            for path in ["/login", "/healthz", "/does-not-exist", "/api/v1/profile", "/images/icon.svg"] {
                let response = try await app.testing().sendRequest(.GET, path)
                let csp = try #require(response.headers.first(name: "Content-Security-Policy"), "no CSP on \(path)")
                #expect(csp.contains("script-src 'self'"))
                #expect(!csp.contains("unsafe-inline"))
                #expect(csp.contains("frame-ancestors 'none'"))
                #expect(response.headers.first(name: "X-Content-Type-Options") == "nosniff")
                if path != "/images/icon.svg" { #expect(response.headers.first(name: "Referrer-Policy") == "same-origin") }
            }
            // A style sheet or a script is no document: its page's policies apply to it.
            let styles = try await app.testing().sendRequest(.GET, "/css/app.css")
            #expect(styles.headers.first(name: "X-Content-Type-Options") == "nosniff")
        }
    }

    @Test func getRequests_neverChangeState() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let web = WebClient(app: app)
            try await web.logIn(email: account.email, password: account.password)
            #expect(try await web.get("/logout").status == .methodNotAllowed)
            #expect(try await web.get("/profile").status == .ok)
        }
    }

    @Test func userText_isEscapedInPages() async throws {
        try await withKinetic { app in
            let account = try await app.signUp(name: "<script>alert(1)</script> \"quoted\"")
            let web = WebClient(app: app)
            try await web.logIn(email: account.email, password: account.password)
            let html = try await web.get("/profile").body.string
            #expect(!html.contains("<script>alert"))
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
    }
}
