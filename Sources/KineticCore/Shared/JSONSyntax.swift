/// Checks that bytes are JSON exactly as RFC 8259 writes it, and says where they are not.
///
/// Foundation's parser is lenient: it takes a comma before `]` or `}` (`[1, 2,]`), which no
/// other JSON reader does, so a file an administrator tested here would break elsewhere. A
/// file people write by hand (a report library's `library.json`) is checked with this first;
/// its problem names the line and column, counted from 1, the column in characters.
///
/// Nesting deeper than ``maximumDepth`` is refused rather than followed, so a hostile file of
/// `[[[[…` cannot exhaust the stack.
public enum JSONSyntax {
    /// Arrays and objects inside each other, at most.
    public static let maximumDepth = 256

    /// What is wrong, and where.
    public struct Problem: Error, Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            /// A comma right before `]` or `}`.
            case trailingComma
            /// The bytes end before the value does (an unclosed string, array or object).
            case unexpectedEnd
            /// Something JSON does not allow here: the character found.
            case unexpected(String)
            /// Arrays and objects nested deeper than ``JSONSyntax/maximumDepth``.
            case tooDeep
            /// Well formed, but not a value Kinetic can hold (a number beyond `Double`); only
            /// ``JSONValue/parse(strictly:)`` says this.
            case unreadable
        }

        public let kind: Kind
        public let line: Int
        public let column: Int
    }

    /// The first problem in `bytes`, or nil when they are one JSON value (with whitespace
    /// around it) and nothing else. A UTF-8 byte order mark at the start is allowed.
    public static func problem(in bytes: [UInt8]) -> Problem? {
        var scanner = Scanner(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.offset = 3 }
        do {
            scanner.skipWhitespace()
            try scanner.value(depth: 0)
            scanner.skipWhitespace()
            if scanner.offset < bytes.count { throw scanner.unexpected() }
            return nil
        } catch let failure as Failure {
            let (line, column) = position(of: failure.offset, in: bytes)
            return Problem(kind: failure.kind, line: line, column: column)
        } catch {
            return nil
        }
    }

    private struct Failure: Error {
        let kind: Problem.Kind
        let offset: Int
    }

    /// Line and column (from 1) of byte `offset`; a column counts characters, not bytes.
    private static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var offset = 0

        var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

        func unexpected() -> Failure {
            guard offset < bytes.count else { return Failure(kind: .unexpectedEnd, offset: offset) }
            // The whole character at the offset, for the message.
            var end = offset + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return Failure(kind: .unexpected(String(decoding: bytes[offset..<end], as: UTF8.self)), offset: offset)
        }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
        }

        mutating func expect(_ byte: UInt8) throws {
            guard current == byte else { throw unexpected() }
            offset += 1
        }

        mutating func value(depth: Int) throws {
            guard let byte = current else { throw unexpected() }
            switch byte {
            case UInt8(ascii: "{"): try container(closing: UInt8(ascii: "}"), depth: depth, isObject: true)
            case UInt8(ascii: "["): try container(closing: UInt8(ascii: "]"), depth: depth, isObject: false)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw unexpected()
            }
        }

        /// An object's members or an array's elements, separated by commas, none after the last.
        mutating func container(closing: UInt8, depth: Int, isObject: Bool) throws {
            guard depth < JSONSyntax.maximumDepth else { throw Failure(kind: .tooDeep, offset: offset) }
            offset += 1
            skipWhitespace()
            if current == closing {
                offset += 1
                return
            }
            while true {
                if isObject {
                    guard current == UInt8(ascii: "\"") else { throw unexpected() }
                    try string()
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"))
                    skipWhitespace()
                }
                try value(depth: depth + 1)
                skipWhitespace()
                if current == closing {
                    offset += 1
                    return
                }
                let comma = offset
                try expect(UInt8(ascii: ","))
                skipWhitespace()
                if current == closing { throw Failure(kind: .trailingComma, offset: comma) }
            }
        }

        mutating func literal(_ word: String) throws {
            for byte in word.utf8 { try expect(byte) }
        }

        /// `"…"`: no raw control characters; escapes `\" \\ \/ \b \f \n \r \t \uXXXX` only.
        mutating func string() throws {
            offset += 1
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    offset += 1
                    return
                case UInt8(ascii: "\\"):
                    offset += 1
                    guard let escaped = current else { throw unexpected() }
                    if escaped == UInt8(ascii: "u") {
                        offset += 1
                        for _ in 0..<4 {
                            guard let digit = current, digit.isHexDigit else { throw unexpected() }
                            offset += 1
                        }
                    } else {
                        guard Array("\"\\/bfnrt".utf8).contains(escaped) else { throw unexpected() }
                        offset += 1
                    }
                case 0x00..<0x20: throw unexpected()
                default: offset += 1
                }
            }
            throw unexpected()
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        mutating func number() throws {
            if current == UInt8(ascii: "-") { offset += 1 }
            if current == UInt8(ascii: "0") {
                offset += 1
            } else {
                try digits()
            }
            if current == UInt8(ascii: ".") {
                offset += 1
                try digits()
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                offset += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
                try digits()
            }
        }

        mutating func digits() throws {
            guard let first = current, first.isDigit else { throw unexpected() }
            while let byte = current, byte.isDigit { offset += 1 }
        }
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
    fileprivate var isHexDigit: Bool {
        isDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
