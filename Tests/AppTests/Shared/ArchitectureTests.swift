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

    /// Reports' search asks which database it runs on once, to pick its engine: everything that
    /// differs between SQLite's FTS5 and PostgreSQL's `tsvector` is in the two engines
    /// (`ReportSearchEngine`), not in branches through the rest.
    @Test func reportsSearch_picksItsEngineInOnePlace() throws {
        let search = try SourceText.swiftFiles(in: Self.app.appendingPathComponent("Reports")).filter {
            $0.lastPathComponent.contains("Search")
        }
        #expect(search.count >= 4, "the search files were found")
        var asked: [String] = []
        for file in search {
            for (number, line) in try SourceText.code(of: file).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("dialect.name") {
                asked.append("\(file.lastPathComponent):\(number + 1)")
            }
        }
        #expect(asked.count == 1 && asked[0].hasPrefix("ReportSearchIndex.swift:"), "asked in \(asked)")
    }

    /// The checks find what they look for: a planted violation in a scratch folder is reported.
    @Test func aPlantedViolation_isFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("architecture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"""
        /// Mentions WishRecord in a comment, which is fine; so is "audio/*" in a string.
        let text = "and WishRecord in a string", accepts = "audio/*"
        func leak(_ record: WishRecord) {}
        let table = "SELECT * FROM \(ReportFiles.schema) WHERE \("(nested) WishRecord")"
        /* a block /* nested */ WishRecord */ let after = 1
        """#.write(to: folder.appendingPathComponent("Leak.swift"), atomically: true, encoding: .utf8)
        #expect(
            try SourceText.uses(of: ["WishRecord", "ReportFiles"], in: folder) == ["Leak.swift:3 WishRecord", "Leak.swift:4 ReportFiles"])
    }
}

/// Swift sources read as text, for ``ArchitectureTests``.
enum SourceText {
    static func swiftFiles(in folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// The source without comments and the text of string literals; what a string interpolates
    /// is code and stays (`"\(WishRecord.schema)"` names `WishRecord`). Every newline is kept,
    /// so line numbers still point right.
    static func code(of file: URL) throws -> String {
        code(Array(try String(contentsOf: file, encoding: .utf8)))
    }

    /// What is open at a point of the source: a string (its `#`s, whether it is multi-line) or
    /// an interpolation in one (how many of its own parentheses are open).
    private enum Open {
        case string(hashes: Int, multiline: Bool)
        case interpolation(depth: Int)
    }

    private static func code(_ text: [Character]) -> String {
        var output: [Character] = []
        var stack: [Open] = []
        var index = 0
        func starts(_ token: String, at position: Int) -> Bool {
            let characters = Array(token)
            return position + characters.count <= text.count && Array(text[position..<position + characters.count]) == characters
        }
        func blank(_ count: Int) {
            for offset in 0..<count where index + offset < text.count { output.append(text[index + offset] == "\n" ? "\n" : " ") }
            index += count
        }
        while index < text.count {
            let character = text[index]
            if case .string(let hashes, let multiline)? = stack.last {
                let marks = String(repeating: "#", count: hashes)
                let terminator = (multiline ? "\"\"\"" : "\"") + marks
                if starts(terminator, at: index) {
                    stack.removeLast()
                    blank(terminator.count)
                } else if starts("\\" + marks + "(", at: index) {
                    stack.append(.interpolation(depth: 0))
                    blank(hashes + 2)
                } else {
                    blank(character == "\\" && hashes == 0 ? 2 : 1)
                }
                continue
            }
            if case .interpolation(let depth)? = stack.last, character == "(" || character == ")" {
                if character == ")" && depth == 0 {
                    stack.removeLast()
                    blank(1)
                    continue
                }
                stack[stack.count - 1] = .interpolation(depth: depth + (character == "(" ? 1 : -1))
            }
            if starts("//", at: index) {
                while index < text.count, text[index] != "\n" { blank(1) }
            } else if starts("/*", at: index) {
                var depth = 0
                repeat {
                    if starts("/*", at: index) {
                        depth += 1
                        blank(2)
                    } else if starts("*/", at: index) {
                        depth -= 1
                        blank(2)
                    } else {
                        blank(1)
                    }
                } while depth > 0 && index < text.count
            } else if character == "#" || character == "\"" {
                var hashes = 0
                while index + hashes < text.count, text[index + hashes] == "#" { hashes += 1 }
                if index + hashes < text.count, text[index + hashes] == "\"" {
                    let multiline = starts("\"\"\"", at: index + hashes)
                    stack.append(.string(hashes: hashes, multiline: multiline))
                    blank(hashes + (multiline ? 3 : 1))
                } else {
                    output.append(contentsOf: text[index..<index + max(1, hashes)])
                    index += max(1, hashes)
                }
            } else {
                output.append(character)
                index += 1
            }
        }
        return String(output)
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
