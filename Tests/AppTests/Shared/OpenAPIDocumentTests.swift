import Foundation
import Testing
import VaporTesting

@testable import App

/// The OpenAPI document and the registered API routes must describe the same set of operations.
@Suite struct OpenAPIDocumentTests {
    /// `METHOD /path` for every operation under `paths:` in the document (the file keeps the
    /// conventional layout: paths indented by two spaces, methods by four).
    private func documentedOperations(_ yaml: String) -> Set<String> {
        var operations = Set<String>()
        var inPaths = false
        var currentPath: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("paths:") {
                inPaths = true
                continue
            }
            if inPaths, let first = line.first, !first.isWhitespace, first != "#" { inPaths = false }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                currentPath = String(line.dropFirst(2).dropLast())
            } else if let path = currentPath, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                let method = line.trimmingCharacters(in: .whitespaces).dropLast()
                if ["get", "put", "post", "delete", "patch"].contains(String(method)) {
                    operations.insert("\(method.uppercased()) \(path)")
                }
            }
        }
        return operations
    }

    /// For every operation under `paths:` with a request body, `METHOD /path` and the response
    /// statuses it documents (keys indented by eight spaces under its `responses:`).
    private func operationsWithBodies(_ yaml: String) -> [String: Set<String>] {
        var bodies: [String: Set<String>] = [:]
        var path: String?
        var operation: (name: String, hasBody: Bool, statuses: Set<String>)?
        func finish() {
            if let operation, operation.hasBody { bodies[operation.name] = operation.statuses }
            operation = nil
        }
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, !first.isWhitespace, first != "#" {
                finish()
                path = line == "paths:" ? "" : nil
                continue
            }
            guard path != nil else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                finish()
                path = String(line.dropFirst(2).dropLast())
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), let path {
                finish()
                let method = String(line.trimmingCharacters(in: .whitespaces).dropLast())
                if ["put", "post", "patch", "delete"].contains(method) { operation = ("\(method.uppercased()) \(path)", false, []) }
            } else if line.hasPrefix("      requestBody:") {
                operation?.hasBody = true
            } else if line.hasPrefix("        '"), !line.hasPrefix("         "), let status = line.split(separator: "'").dropFirst().first {
                operation?.statuses.insert(String(status))
            }
        }
        finish()
        return bodies
    }

    /// A body in a content coding gets 415 from every operation that reads one (what
    /// ``RequestLimitsMiddleware`` answers before any route runs), and the document says so.
    @Test func everyOperationWithABody_documentsAndAnswers415ToACodedBody() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let yaml = try await app.testing().sendRequest(.GET, "/api/openapi.yaml").body.string
            let operations = operationsWithBodies(yaml)
            #expect(operations.count >= 30, "\(operations.count) operations with a body")
            for (operation, statuses) in operations.sorted(by: { $0.key < $1.key }) {
                #expect(statuses.contains("415"), "\(operation) does not document 415")
                let parts = operation.split(separator: " ")
                let path = String(parts[1]).replacing(/\{[^}]+\}/, with: UUID().uuidString.lowercased())
                let response = try await app.testing().sendRequest(
                    HTTPMethod(rawValue: String(parts[0])), path,
                    headers: ["Authorization": "Bearer \(account.token)", "Content-Type": "application/json", "Content-Encoding": "gzip"],
                    body: ByteBuffer(string: "{}"))
                #expect(response.status == .unsupportedMediaType, "\(operation): \(response.status)")
            }
        }
    }

    @Test func everyAPIRoute_isDocumented_andNothingElse() async throws {
        try await withKinetic { app in
            let response = try await app.testing().sendRequest(.GET, "/api/openapi.yaml")
            #expect(response.status == .ok)
            let documented = documentedOperations(response.body.string)
            // Routes that exist only to answer 405 are not operations.
            let registered = Set(
                app.routes.all.filter { !$0.refusesMethod }.compactMap { route -> String? in
                    let path =
                        "/"
                        + route.path.map { component in
                            if case .parameter(let name) = component { return "{\(name)}" }
                            return component.description
                        }.joined(separator: "/")
                    return path.hasPrefix("/api/v1/") ? "\(route.method.rawValue) \(path)" : nil
                })
            #expect(!registered.isEmpty)
            #expect(
                registered.subtracting(documented).isEmpty,
                "routes missing from openapi.yaml: \(registered.subtracting(documented).sorted())")
            #expect(
                documented.subtracting(registered).isEmpty, "documented but not registered: \(documented.subtracting(registered).sorted())")
        }
    }
}
