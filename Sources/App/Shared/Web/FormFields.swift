import Foundation
import KineticCore

/// Turns posted form fields into JSON members, so that a form goes through the same Core
/// validation as the API: a whole number where a numeric field parses, the text otherwise
/// (reported as a wrong type), and empty fields left out unless named in `keepingEmpty`.
enum FormFields {
    static func members(
        _ form: [String: String], numbers: [String], texts: [String] = [], keepingEmpty: Set<String> = []
    ) -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        for name in numbers + texts {
            let raw = form[name]?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !raw.isEmpty || keepingEmpty.contains(name) else { continue }
            members[name] = numbers.contains(name) ? Int(raw).map { .number(Double($0)) } ?? .string(raw) : .string(raw)
        }
        return members
    }
}
