import Foundation
import KineticCore

/// Reads the people of a vCard file: version 3.0 (RFC 2426) and 4.0 (RFC 6350), as phones and
/// address books export them, and the 2.1 files of older phones as far as names, addresses and
/// birthdays go.
///
/// Of each card it takes the name (`FN`, else the given and family names of `N`, else the
/// organisation of `ORG`), its e-mail addresses (the one marked preferred as the main one, else
/// the first; the others kept too), the birthday (`BDAY`, honouring Apple's
/// `X-APPLE-OMIT-YEAR`) and the zone (`TZ` when it names one, such as `Europe/Berlin`; a bare
/// offset says nothing about daylight saving and is left out), and the first photo (`PHOTO`,
/// embedded or linked: ``ContactPhoto``). Lines are unfolded (a line
/// beginning with a space or tab continues the one before), values unescaped (`\,` `\;` `\n`),
/// and quoted-printable values of 2.1 decoded. Anything else on a card is passed over.
public enum VCardReader {
    public static func read(_ text: String) -> ContactImport {
        var result = ContactImport()
        var card: Card?
        var sawCard = false
        for line in contentLines(text) {
            guard let property = Property(line.text) else { continue }
            switch (property.name, property.text.uppercased()) {
            case ("BEGIN", "VCARD"):
                if let open = card { result.note(open.line, "wishes.contacts.import.vcard.unclosed") }
                card = Card(line: line.number)
                sawCard = true
            case ("END", "VCARD"):
                if let done = card { result.add(done.input, line: done.line) }
                card = nil
            default:
                card?.take(property, line: line.number, into: &result)
            }
        }
        if let open = card {
            result.note(open.line, "wishes.contacts.import.vcard.unclosed")
            result.add(open.input, line: open.line)
        }
        if !sawCard { result.note(nil, "wishes.contacts.import.vcard.none") }
        return result
    }

    /// One card being read.
    private struct Card {
        let line: Int
        var fields = ContactInput()
        var emailIsPreferred = false
        /// A card with no name is named by its organisation.
        var organization: String?

        init(line: Int) { self.line = line }

        var input: ContactInput {
            var input = fields
            if (input.name ?? "").trimmingCharacters(in: .whitespaces).isEmpty, let organization, !organization.isEmpty {
                input.name = organization
            }
            return input
        }

        mutating func take(_ property: Property, line: Int, into result: inout ContactImport) {
            let value = property.text
            switch property.name {
            case "FN":
                if !value.isEmpty { fields.name = value }
            case "N":
                // Family;Given;Additional;Prefixes;Suffixes: "Given Family" when there is no FN.
                let parts = property.components
                let given = parts.count > 1 ? parts[1] : "", family = parts.first ?? ""
                if (fields.name ?? "").isEmpty { fields.name = [given, family].filter { !$0.isEmpty }.joined(separator: " ") }
            case "EMAIL":
                guard !value.isEmpty else { break }
                let preferred = property.isPreferred
                if fields.email == nil || preferred && !emailIsPreferred {
                    if let main = fields.email { fields.otherEmails = [main] + (fields.otherEmails ?? []) }
                    fields.email = value
                    emailIsPreferred = preferred
                } else {
                    fields.otherEmails = (fields.otherEmails ?? []) + [value]
                }
            case "PHOTO":
                guard fields.photo == nil else { break }
                let encoding = property.parameter("ENCODING")?.uppercased()
                let base64 =
                    encoding == "B" || encoding == "BASE64"
                    || property.parameters.contains { $0.name == "TYPE" && $0.value.uppercased() == "BASE64" }
                switch ContactPhoto.reading(vCardValue: property.value, base64: base64) {
                case .photo(let photo): fields.photo = photo
                case .tooLarge: result.note(self.line, "wishes.contacts.import.photoTooLarge", String(ContactPhoto.maximumBytes >> 20))
                case .unreadable: result.note(self.line, "wishes.contacts.import.photoUnreadable")
                }
            case "ORG":
                organization = property.components.first ?? value
            case "BDAY":
                fields.birthday = value
                fields.omittedBirthYear = property.parameter("X-APPLE-OMIT-YEAR").flatMap { Int(asciiDigits: $0) }
            case "TZ":
                if value.contains("/") || value == "UTC" {
                    fields.timeZone = value
                } else if !value.isEmpty {
                    result.note(line, "wishes.contacts.import.zoneOffset", value)
                }
            default:
                break
            }
        }
    }

    /// The unfolded lines of `text`, each with the number of the physical line it begins on.
    /// Linear in the length of `text`: a line folded two million times (an audit's 7.6 MB
    /// file) is joined piece by piece, and whether it is quoted-printable is decided once, from
    /// its name and parameters, not again from the whole joined line at every piece.
    static func contentLines(_ text: String) -> [(number: Int, text: String)] {
        var lines: [(number: Int, text: String)] = []
        // Whether the line being joined is quoted-printable: nil until its `:` has arrived, with
        // what came before it so far.
        var quotedPrintable: Bool?
        var head = ""
        var softBreak = false
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let piece: Substring
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                piece = raw.dropFirst()
            } else if softBreak, !lines.isEmpty {
                piece = raw
            } else {
                lines.append((index + 1, ""))
                quotedPrintable = nil
                head = ""
                piece = raw
            }
            lines[lines.count - 1].text += piece
            if quotedPrintable == nil {
                if let colon = piece.firstIndex(of: ":") {
                    quotedPrintable = (head + piece[..<colon]).uppercased().contains("QUOTED-PRINTABLE")
                    head = ""
                } else {
                    head += piece
                }
            }
            // Quoted-printable (vCard 2.1) breaks a long value with `=` at the end of the line.
            softBreak = quotedPrintable == true && piece.hasSuffix("=")
            if softBreak { lines[lines.count - 1].text.removeLast() }
        }
        return lines
    }

    /// `group.NAME;PARAM=VALUE;…:value`.
    struct Property {
        /// Upper-cased, without its group.
        let name: String
        /// Parameter names upper-cased, with their values; a bare parameter (2.1's `PREF`,
        /// `INTERNET`) is filed under `TYPE`.
        let parameters: [(name: String, value: String)]
        /// As written, still escaped.
        let value: String

        init?(_ line: String) {
            var inQuotes = false
            var colon: String.Index?
            for index in line.indices {
                let character = line[index]
                if character == "\"" { inQuotes.toggle() }
                if character == ":" && !inQuotes {
                    colon = index
                    break
                }
            }
            guard let colon else { return nil }
            let head = Self.split(line[..<colon], at: ";", honouringQuotes: true)
            guard let qualified = head.first, !qualified.isEmpty else { return nil }
            name = (qualified.split(separator: ".").last.map(String.init) ?? qualified).uppercased()
            parameters = head.dropFirst().map { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1)
                let value = String(pair.last ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return pair.count == 2 ? (String(pair[0]).uppercased(), value) : ("TYPE", value)
            }
            value = String(line[line.index(after: colon)...])
        }

        func parameter(_ name: String) -> String? { parameters.first { $0.name == name }?.value }

        /// The value decoded and unescaped, trimmed.
        var text: String { Self.unescaped(decoded(value)).trimmingCharacters(in: .whitespaces) }

        /// A structured value's parts (`N`), each decoded and unescaped.
        var components: [String] {
            Self.split(Substring(decoded(value)), at: ";", honouringQuotes: false).map {
                Self.unescaped($0).trimmingCharacters(in: .whitespaces)
            }
        }

        /// Marked as the one to use: 3.0's `TYPE=pref`, 4.0's `PREF=1`, 2.1's bare `PREF`.
        var isPreferred: Bool {
            parameters.contains { parameter in
                parameter.name == "PREF" && parameter.value == "1"
                    || parameter.name == "TYPE"
                        && parameter.value.split(separator: ",").contains { $0.caseInsensitiveCompare("pref") == .orderedSame }
            }
        }

        private func decoded(_ value: String) -> String {
            guard parameter("ENCODING")?.uppercased() == "QUOTED-PRINTABLE" else { return value }
            var bytes: [UInt8] = []
            var utf8 = Array(value.utf8)[...]
            while let byte = utf8.popFirst() {
                if byte == UInt8(ascii: "="), utf8.count >= 2,
                    let high = Self.hexValue(utf8[utf8.startIndex]), let low = Self.hexValue(utf8[utf8.startIndex + 1])
                {
                    bytes.append(high << 4 | low)
                    utf8 = utf8.dropFirst(2)
                } else {
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        private static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: nil
            }
        }

        /// `text` split at each `separator` not escaped with `\` (nor, when `honouringQuotes`,
        /// inside double quotes), escapes kept.
        private static func split(_ text: Substring, at separator: Character, honouringQuotes: Bool) -> [String] {
            var parts: [String] = [], current = "", inQuotes = false, escaped = false
            for character in text {
                if character == separator && !inQuotes && !escaped {
                    parts.append(current)
                    current = ""
                } else {
                    current.append(character)
                    if character == "\"" && honouringQuotes { inQuotes.toggle() }
                }
                escaped = character == "\\" && !escaped
            }
            return parts + [current]
        }

        /// `\n` and `\N` as a line break, `\,` `\;` `\\` as the character.
        private static func unescaped(_ text: String) -> String {
            var result = "", escaped = false
            for character in text {
                if escaped {
                    result.append(character == "n" || character == "N" ? "\n" : character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else {
                    result.append(character)
                }
            }
            return result
        }
    }
}
