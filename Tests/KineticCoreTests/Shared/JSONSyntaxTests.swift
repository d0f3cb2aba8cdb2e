import Testing

@testable import KineticCore

@Suite struct JSONSyntaxTests {
    private func problem(_ text: String) -> JSONSyntax.Problem? { JSONSyntax.problem(in: Array(text.utf8)) }

    @Test(arguments: [
        "{}", "[]", " {\"a\": [1, -2.5e+3, 0, true, false, null, \"\\u00e9\\n\"]} ", "\"text\"", "0", "\u{FEFF}{\"bom\": 1}",
        "{\"nested\": {\"deeper\": [[[]]]}}", "{\"a\":\"é ü ✓\"}",
    ])
    func jsonAsWritten_passes(text: String) {
        #expect(problem(text) == nil, "\(text)")
    }

    @Test func aCommaBeforeAClosingBracket_isNamedWithItsLineAndColumn() {
        let text = "{\n  \"reports\": [\n    \"a\",\n    \"b\",\n  ],\n}"
        #expect(problem(text) == JSONSyntax.Problem(kind: .trailingComma, line: 4, column: 8))
        #expect(problem("{\"a\": 1,}") == JSONSyntax.Problem(kind: .trailingComma, line: 1, column: 8))
    }

    @Test(arguments: [
        ("{'a': 1}", JSONSyntax.Problem.Kind.unexpected("'"), 2), ("{\"a\": 01}", .unexpected("1"), 8), ("[1 2]", .unexpected("2"), 4),
        ("{\"a\": NaN}", .unexpected("N"), 7), ("{\"a\": 1} // note", .unexpected("/"), 10), ("{\"a\": \"x\ty\"}", .unexpected("\t"), 9),
        ("{\"a\": \"\\x\"}", .unexpected("x"), 9), ("[-]", .unexpected("]"), 3), ("{\"é\" 1}", .unexpected("1"), 6),
        ("{\"a\": [1, 2}", .unexpected("}"), 12), ("", .unexpectedEnd, 1), ("{\"a\": \"open", .unexpectedEnd, 12),
        ("[1.]", .unexpected("]"), 4), ("[1e]", .unexpected("]"), 4), ("[,1]", .unexpected(","), 2),
    ])
    func anythingElse_isNamedWhereItIs(text: String, kind: JSONSyntax.Problem.Kind, column: Int) {
        #expect(problem(text) == JSONSyntax.Problem(kind: kind, line: 1, column: column), "\(text)")
    }

    @Test func deepNesting_isRefused_notFollowed() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(problem(deep)?.kind == .tooDeep)
        let allowed = String(repeating: "[", count: JSONSyntax.maximumDepth) + String(repeating: "]", count: JSONSyntax.maximumDepth)
        #expect(problem(allowed) == nil)
    }
}
