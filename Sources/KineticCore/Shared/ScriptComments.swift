/// A script's comments taken out before it is served, when it is served as it is written (the
/// service worker, which every page's first load counts): every line that is only a `//`
/// comment, every `/** … */` or `/* … */` block that starts on a line of its own, and blank
/// lines. Code lines, and comments at the end of one, stay as written, so no string or regular
/// expression is touched — as long as no multi-line template literal has a line that starts
/// with `//` or `/*`, which the scripts it is used on never do.
public enum ScriptComments {
    public static func stripped(_ script: String) -> String {
        var kept: [Substring] = []
        var inBlock = false
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.drop { $0 == " " || $0 == "\t" }
            if inBlock {
                if text.contains("*/") { inBlock = false }
                continue
            }
            if text.hasPrefix("/*") {
                inBlock = !text.contains("*/")
                continue
            }
            if text.isEmpty || text.hasPrefix("//") { continue }
            kept.append(line)
        }
        return kept.joined(separator: "\n") + "\n"
    }
}
