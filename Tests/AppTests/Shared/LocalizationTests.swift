import Foundation
import KineticCore
import Testing
import VaporTesting

@testable import App

@Suite struct StringCatalogCompletenessTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func catalog() throws -> StringCatalog {
        try StringCatalog(data: Data(contentsOf: Self.root.appendingPathComponent("Resources/Localizable.xcstrings")))
    }

    /// Every string literal in the sources that looks like a catalog key (`namespace.name`).
    private func keysUsedInSources(namespaces: Set<String>) throws -> Set<String> {
        let pattern = try NSRegularExpression(pattern: #""([a-zA-Z]+)\.([a-zA-Z][a-zA-Z0-9.]*)""#)
        var keys = Set<String>()
        for directory in ["Sources/App", "Sources/KineticCore"] {
            let enumerator = FileManager.default.enumerator(
                at: Self.root.appendingPathComponent(directory), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                let source = try String(contentsOf: url, encoding: .utf8)
                for match in pattern.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                    let namespace = String(source[Range(match.range(at: 1), in: source)!])
                    guard namespaces.contains(namespace) else { continue }
                    keys.insert(namespace + "." + String(source[Range(match.range(at: 2), in: source)!]))
                }
            }
        }
        return keys
    }

    @Test func everyKeyUsedInCode_isInTheCatalog() throws {
        let catalog = try catalog()
        let namespaces = Set(catalog.entries.keys.compactMap { $0.split(separator: ".").first.map(String.init) })
        let used = try keysUsedInSources(namespaces: namespaces)
        #expect(used.count > 80)
        let missing = used.filter { catalog.entries[$0] == nil }.sorted()
        #expect(missing.isEmpty, "missing from Localizable.xcstrings: \(missing)")
    }

    @Test func englishAndGerman_areComplete() throws {
        let catalog = try catalog()
        #expect(catalog.missingKeys(in: .english).isEmpty)
        #expect(catalog.missingKeys(in: .german).isEmpty)
    }

    @Test func placeholders_matchBetweenLanguages() throws {
        let catalog = try catalog()
        let placeholder = try NSRegularExpression(pattern: #"%(\d+\$)?l{0,2}[@d]"#)
        func count(_ string: String) -> Int { placeholder.numberOfMatches(in: string, range: NSRange(string.startIndex..., in: string)) }
        for key in catalog.entries.keys {
            #expect(count(catalog.string(key, language: .english)) == count(catalog.string(key, language: .german)), "\(key)")
        }
    }
}

@Suite struct PageLanguageTests {
    @Test func acceptLanguage_choosesGermanAndPseudo() async throws {
        try await withKinetic { app in
            let german = try await app.testing().sendRequest(.GET, "/login", headers: ["Accept-Language": "de-DE,de;q=0.9"])
            #expect(german.body.string.contains("Willkommen zurück"))
            #expect(german.body.string.contains("lang=\"de\""))
            let pseudo = try await app.testing().sendRequest(.GET, "/login", headers: ["Accept-Language": "en-XA"])
            #expect(pseudo.body.string.contains("[Ŵéĺçóḿé") || pseudo.body.string.contains("[Ŵéĺçómé"))
            let fallback = try await app.testing().sendRequest(.GET, "/login", headers: ["Accept-Language": "ja-JP"])
            #expect(fallback.body.string.contains("Welcome back"))
        }
    }

    @Test func userSetting_winsOverAcceptLanguage() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["language": "de", "fitness": ["height": 71]], token: account.token)
            let web = WebClient(app: app)
            try await web.logIn(email: account.email, password: account.password)
            let html = try await web.get("/profile", headers: ["Accept-Language": "en-US"]).body.string
            #expect(html.contains("Profil"))
            #expect(html.contains("180 cm"))
        }
    }

    @Test func numbers_followTheLocale() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["fitness": ["jumpGoal": 140_000]], token: account.token)
            let web = WebClient(app: app)
            try await web.logIn(email: account.email, password: account.password)
            #expect(try await web.get("/profile", headers: ["Accept-Language": "en-US"]).body.string.contains("140,000"))
            #expect(try await web.get("/profile", headers: ["Accept-Language": "de"]).body.string.contains("140.000"))
        }
    }
}
