import Foundation
import NIOCore
import Testing
import VaporTesting

@testable import App

/// A browser-like client for the HTML routes: keeps cookies and reads CSRF tokens from forms.
final class WebClient {
    let app: Application
    private(set) var cookies: [String: String] = [:]

    init(app: Application) { self.app = app }

    @discardableResult
    func get(_ path: String, headers: HTTPHeaders = [:]) async throws -> TestingHTTPResponse {
        try await send(.GET, path, headers: headers)
    }

    /// Posts a form; the CSRF token is added unless `csrf` is false.
    @discardableResult
    func post(
        _ path: String, form: [String: String], csrf: Bool = true, csrfPage: String = "/login", headers: HTTPHeaders = [:]
    ) async throws -> TestingHTTPResponse {
        try await post(path, fields: form.map { ($0.key, $0.value) }, csrf: csrf, csrfPage: csrfPage, headers: headers)
    }

    /// Posts form fields in order; a name may repeat (`order[]`).
    @discardableResult
    func post(
        _ path: String, fields form: [(String, String)], csrf: Bool = true, csrfPage: String = "/login", headers: HTTPHeaders = [:]
    ) async throws -> TestingHTTPResponse {
        var fields = form
        if csrf { fields.append(("_csrf", try await csrfToken(from: csrfPage))) }
        let body = fields.map { key, value in
            "\(key.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
        }.joined(separator: "&")
        var allHeaders = headers
        allHeaders.contentType = .urlEncodedForm
        return try await send(.POST, path, headers: allHeaders, body: ByteBuffer(string: body))
    }

    /// Posts `body` as it is (a multipart form, a JSON body), with `contentType`.
    @discardableResult
    func post(_ path: String, body: String, contentType: HTTPMediaType, headers: HTTPHeaders = [:]) async throws -> TestingHTTPResponse {
        var allHeaders = headers
        allHeaders.contentType = contentType
        return try await send(.POST, path, headers: allHeaders, body: ByteBuffer(string: body))
    }

    /// Posts bytes as they are (a file, a multipart form with a binary part), with `contentType`.
    @discardableResult
    func post(_ path: String, data: Data, contentType: HTTPMediaType, headers: HTTPHeaders = [:]) async throws -> TestingHTTPResponse {
        var allHeaders = headers
        allHeaders.contentType = contentType
        return try await send(.POST, path, headers: allHeaders, body: ByteBuffer(data: data))
    }

    /// A file to post in a multipart form.
    struct FormFile {
        let field: String
        let fileName: String
        let contentType: String
        let data: Data
    }

    /// Posts a multipart form, as a browser posts a form with a file: `fields` in order, the
    /// CSRF token of `csrfPage` (unless nil), then `file`.
    @discardableResult
    func postMultipart(
        _ path: String, fields: [(String, String)], file: FormFile? = nil, csrfPage: String? = "/login"
    ) async throws -> TestingHTTPResponse {
        let boundary = "kinetic-\(UUID().uuidString)"
        var parts = fields
        if let csrfPage { parts.append(("_csrf", try await csrfToken(from: csrfPage))) }
        var body = Data()
        for (name, value) in parts {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        if let file {
            body += Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.fileName)\"\r\nContent-Type: \(file.contentType)\r\n\r\n"
                    .utf8)
            body += file.data + Data("\r\n".utf8)
        }
        body += Data("--\(boundary)--\r\n".utf8)
        return try await post(
            path, data: body, contentType: HTTPMediaType(type: "multipart", subType: "form-data", parameters: ["boundary": boundary]))
    }

    /// The CSRF token of the form on `page`.
    func csrfToken(from page: String) async throws -> String {
        let html = try await get(page).body.string
        let marker = "name=\"_csrf\" value=\""
        let start = try #require(html.range(of: marker), "no CSRF field on \(page)").upperBound
        return String(html[start...].prefix { $0 != "\"" })
    }

    func logIn(email: String, password: String) async throws {
        let response = try await post("/login", form: ["email": email, "password": password])
        #expect(response.status == .seeOther)
        #expect(response.headers.first(name: .location) == "/profile")
    }

    private func send(
        _ method: HTTPMethod, _ path: String, headers: HTTPHeaders, body: ByteBuffer? = nil
    ) async throws -> TestingHTTPResponse {
        var allHeaders = headers
        if !cookies.isEmpty {
            allHeaders.replaceOrAdd(name: .cookie, value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        let response = try await app.testing().sendRequest(method, path, headers: allHeaders, body: body)
        for header in response.headers[.setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
            if value.isEmpty || header.contains("Max-Age=0") || header.lowercased().contains("expires=thu, 01 jan 1970") {
                cookies[name] = nil
            } else {
                cookies[name] = value
            }
        }
        return response
    }

    /// Sets a cookie by hand, e.g. to replay an old session.
    func setCookie(_ name: String, _ value: String?) { cookies[name] = value }
}

extension Application {
    /// A new account, signed in on a fresh web client.
    func signedInWebClient() async throws -> (WebClient, TestAccount) {
        let account = try await signUp()
        let web = WebClient(app: self)
        try await web.logIn(email: account.email, password: account.password)
        return (web, account)
    }
}
