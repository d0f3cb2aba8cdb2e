import KineticCore
import Testing

@Suite struct ScriptCommentsTests {
    @Test func commentLinesAndBlocksGo_codeAndTrailingCommentsStay() {
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
            ScriptComments.stripped(script) == """
                const URL = 'https://example.com//not-a-comment'; // trailing stays
                function f() {
                  return /^\\/reports\\/[^/]+\\/pdf$/.test('/*x*/');
                }

                """)
    }
}
