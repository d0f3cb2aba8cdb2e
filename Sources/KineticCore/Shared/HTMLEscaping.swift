/// Escaping for HTML text and attribute values: the one rule for pages, e-mail and anything
/// else Kinetic writes as HTML.
public enum HTMLEscaping {
    public static func text(_ string: String) -> String {
        var output = ""
        output.reserveCapacity(string.utf8.count)
        for character in string {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            default: output.append(character)
            }
        }
        return output
    }

    public static func attribute(_ string: String) -> String {
        text(string).replacingOccurrences(of: "\"", with: "&quot;")
    }
}
