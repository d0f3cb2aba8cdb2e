import KineticCore
import Testing

@Suite struct ServedTextTests {
    @Test func commentLinesBlocksAndIndentationGo_codeAndTrailingCommentsStay() {
        let script = """
            // A header.
            // Two lines of it.
            const URL = 'https://example.com//not-a-comment'; // trailing stays

            /** A block
             *  on two lines. */
            function f() {
              /* one line */
              return /^\\/reports\\/[^/]+\\/pdf$/.test('/*x*/');
            }
            """
        #expect(
            ServedText.compacted(script) == """
                const URL = 'https://example.com//not-a-comment'; // trailing stays
                function f() {
                return /^\\/reports\\/[^/]+\\/pdf$/.test('/*x*/');
                }

                """)
    }

    @Test func aStylesheet_keepsItsRules() {
        let css = """
            /* Settings › Notifications */
            .push-state { margin: 4px 0 12px; }
              .push-kind input { margin-top: 2px; }
            """
        #expect(ServedText.compacted(css) == ".push-state { margin: 4px 0 12px; }\n.push-kind input { margin-top: 2px; }\n")
    }
}
