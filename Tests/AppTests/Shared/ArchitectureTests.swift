import Foundation
import Testing

/// The rules of docs/architecture.md that a reader would otherwise have to trust: `Shared`
/// names no product module's type (a module brings its icon, metrics and backup parts through
/// `KineticModule`), and a view reads view models only, never a database record. They read
/// the sources as text: a module's types are its top-level `struct|enum|class|actor|protocol|
/// typealias` declarations, a view is a file under `Pages/` other than a page's `+Model.swift`
/// (whose loader reads records), and comments and string literals are left out before names
/// are looked for.
@Suite struct ArchitectureTests {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/App")
    static let productModules = ["Goals", "Steps", "Workouts", "Reports", "Wishes"]

    @Test func shared_namesNoProductModulesType() throws {
        let moduleTypes = try Set(Self.productModules.flatMap { try SourceText.declaredTypes(in: Self.app.appendingPathComponent($0)) })
        #expect(moduleTypes.count > 100, "the modules' types were found")
        let named = try SourceText.uses(of: moduleTypes, in: Self.app.appendingPathComponent("Shared"))
        #expect(named.isEmpty, "Shared names module types: \(named.sorted().joined(separator: "; "))")
    }

    @Test func views_nameNoDatabaseRecord() throws {
        let records = try SourceText.swiftFiles(in: Self.app).flatMap { file in
            SourceText.matches(of: #"(?:final\s+)?class\s+([A-Z]\w*)\s*:\s*Model\b"#, in: try SourceText.code(of: file))
        }
        #expect(records.contains("User") && records.count > 15, "the Fluent models were found: \(records)")
        let views = try SourceText.swiftFiles(in: Self.app).filter {
            $0.pathComponents.contains("Pages") && !$0.lastPathComponent.hasSuffix("+Model.swift")
        }
        #expect(views.count > 40, "the views were found")
        var named: [String] = []
        for view in views { named += try SourceText.uses(of: Set(records), inFile: view) }
        #expect(named.isEmpty, "views name records: \(named.sorted().joined(separator: "; "))")
    }

    /// The checks find what they look for: a planted violation in a scratch folder is reported.
    @Test func aPlantedViolation_isFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("architecture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        /// Mentions WishRecord in a comment, which is fine.
        let text = "and WishRecord in a string"
        func leak(_ record: WishRecord) {}
        """.write(to: folder.appendingPathComponent("Leak.swift"), atomically: true, encoding: .utf8)
        #expect(try SourceText.uses(of: ["WishRecord", "ReportFiles"], in: folder) == ["Leak.swift:3 WishRecord"])
    }
}

/// Swift sources read as text, for ``ArchitectureTests``.
enum SourceText {
    static func swiftFiles(in folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// The source without comments and string literals (each line kept, so numbers still point right).
    static func code(of file: URL) throws -> String {
        var text = try String(contentsOf: file, encoding: .utf8)
        for pattern in [#"(?s)/\*.*?\*/"#, #"(?s)"""(.*?)""""#, #"//[^\n]*"#, #""(?:[^"\\\n]|\\.)*""#] {
            let expression = try NSRegularExpression(pattern: pattern)
            let range = NSRange(text.startIndex..., in: text)
            for match in expression.matches(in: text, range: range).reversed() {
                guard let found = Range(match.range, in: text) else { continue }
                let newlines = text[found].filter { $0 == "\n" }
                text.replaceSubrange(found, with: String(repeating: "\n", count: newlines.count))
            }
        }
        return text
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The top-level types declared in the folder's files (a nested `Model` or `Request` is
    /// named only through its outer type).
    static func declaredTypes(in folder: URL) throws -> [String] {
        let topLevel =
            #"(?m)^(?:(?:public|internal|private|fileprivate|final|indirect|@[\w.]+(?:\([^)\n]*\))?)\s+)*"#
            + #"(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z]\w*)"#
        return try swiftFiles(in: folder).flatMap { file in matches(of: topLevel, in: try code(of: file)) }
    }

    /// Every use of one of `names` in the folder's files, as `File.swift:line Name`.
    static func uses(of names: Set<String>, in folder: URL) throws -> [String] {
        try swiftFiles(in: folder).flatMap { try uses(of: names, inFile: $0) }
    }

    static func uses(of names: Set<String>, inFile file: URL) throws -> [String] {
        let lines = try code(of: file).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().flatMap { number, line in
            matches(of: #"\b([A-Z]\w*)\b"#, in: String(line)).filter(names.contains).map { "\(file.lastPathComponent):\(number + 1) \($0)" }
        }
    }
}
