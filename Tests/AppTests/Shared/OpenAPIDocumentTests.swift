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
