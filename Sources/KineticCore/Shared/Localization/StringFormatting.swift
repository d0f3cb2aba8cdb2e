/// Substitutes arguments into a catalog string's `%@` / `%1$@` / `%lld` placeholders.
/// Arguments are already formatted for the locale by the caller.
public enum StringFormatting {
    public static func format(_ template: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty else { return template }
        var output = ""
        var nextArgument = 0
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            guard character == "%" else {
                output.append(character)
                index = template.index(after: index)
                continue
            }
            var cursor = template.index(after: index)
            var digits = ""
            while cursor < template.endIndex, template[cursor].isNumber {
                digits.append(template[cursor])
                cursor = template.index(after: cursor)
            }
            var position: Int?
            if cursor < template.endIndex, template[cursor] == "$", let number = Int(digits) {
                position = number - 1
                cursor = template.index(after: cursor)
            } else if !digits.isEmpty {
                output.append(character)
                index = template.index(after: index)
                continue
            }
            while cursor < template.endIndex, template[cursor] == "l" { cursor = template.index(after: cursor) }
            guard cursor < template.endIndex else {
                output.append(character)
                break
            }
            let conversion = template[cursor]
            if conversion == "%" {
                output.append("%")
            } else if "@dfu".contains(conversion) {
                let argumentIndex = position ?? nextArgument
                if position == nil { nextArgument += 1 }
                output += argumentIndex < arguments.count ? arguments[argumentIndex] : ""
            } else {
                output += template[index...cursor]
            }
            index = template.index(after: cursor)
        }
        return output
    }
}
