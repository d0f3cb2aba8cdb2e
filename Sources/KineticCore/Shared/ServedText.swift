/// A script or stylesheet as it is sent, smaller than as it is written: every line that is
/// only a `//` comment, every `/* … */` block that starts on a line of its own, blank lines and
/// each line's indentation go. What is left of a line stays as written, so no string or regular
/// expression is touched — as long as no multi-line template literal holds a line that starts
/// with `//` or `/*`, or whose indentation matters, which Kinetic's files never do (each line
/// of a template literal here is one line of code).
public enum ServedText {
    public static func compacted(_ text: String) -> String {
        var kept: [Substring] = []
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.drop { $0 == " " || $0 == "\t" }
            if inBlock {
                if code.contains("*/") { inBlock = false }
                continue
            }
            if code.hasPrefix("/*") {
                inBlock = !code.contains("*/")
                continue
            }
            if code.isEmpty || code.hasPrefix("//") { continue }
            kept.append(code)
        }
        return kept.joined(separator: "\n") + "\n"
    }
}
