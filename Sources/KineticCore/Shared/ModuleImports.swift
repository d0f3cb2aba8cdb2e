/// The imports of a JavaScript module (`import … from './x.js'`, `import './x.js'`,
/// `export … from './x.js'`, and `import('./x.js')` when it is needed), so the server can send a
/// page's whole module graph at once (`<link rel="modulepreload">`) and point every import at a
/// file's fingerprinted address. Only relative specifiers (`./`, `../`) are read: Kinetic's
/// modules import nothing else.
public enum ModuleImports {
    /// One relative specifier in a module's source: its text and where it stands (between the
    /// quotes), in UTF-8 bytes from the start.
    public struct Specifier: Equatable, Sendable {
        public let text: String
        public let utf8Range: Range<Int>
        /// `import('./x.js')`: fetched when the code gets there, not with the page.
        public let isDynamic: Bool
    }

    /// The relative specifiers of the imports in `source`, in order. A specifier counts after
    /// `from`, at the start of an `import` statement or as `import(`'s argument, quoted with `'`
    /// or `"`; comments are skipped, so a sentence that mentions an import is no import. Read as
    /// bytes: every character that matters here is ASCII.
    public static func specifiers(in source: String) -> [Specifier] {
        let bytes = Array(source.utf8)
        var found: [Specifier] = []
        var index = 0
        var previousWord: ArraySlice<UInt8> = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == slash, index + 1 < bytes.count, bytes[index + 1] == slash {
                index = bytes[index...].firstIndex(of: newline) ?? bytes.count
                continue
            }
            if byte == slash, index + 1 < bytes.count, bytes[index + 1] == star {
                index = endOfBlockComment(bytes, from: index + 2)
                continue
            }
            if byte == singleQuote || byte == doubleQuote || byte == backtick {
                let end = closingQuote(byte, in: bytes, from: index + 1)
                let text = bytes[(index + 1)..<end]
                let isDynamic = previousWord.elementsEqual("import(".utf8)
                if previousWord.elementsEqual("from".utf8) || previousWord.elementsEqual("import".utf8) || isDynamic,
                    text.starts(with: "./".utf8) || text.starts(with: "../".utf8)
                {
                    found.append(
                        Specifier(text: String(decoding: text, as: UTF8.self), utf8Range: (index + 1)..<end, isDynamic: isDynamic))
                }
                previousWord = []
                index = min(end + 1, bytes.count)
                continue
            }
            if isWordByte(byte) {
                let end = bytes[index...].firstIndex { !isWordByte($0) } ?? bytes.count
                previousWord = bytes[index..<end]
                index = end
                continue
            }
            if byte == openingParenthesis, previousWord.elementsEqual("import".utf8) {
                previousWord = ArraySlice("import(".utf8)
            } else if !isWhitespace(byte) {
                previousWord = []
            }
            index += 1
        }
        return found
    }

    /// `source` with every relative specifier replaced by `replacement(resolvedPath)`, where the
    /// path is resolved against `modulePath` (see ``resolve(_:from:)``). A specifier that
    /// resolves to nothing, or that `replacement` answers nil for, is an error naming it.
    public static func rewrite(
        _ source: String, modulePath: String, replacement: (String) -> String?
    ) throws(UnresolvedImport) -> String {
        let bytes = Array(source.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        for specifier in specifiers(in: source) {
            guard let path = resolve(specifier.text, from: modulePath), let url = replacement(path) else {
                throw UnresolvedImport(module: modulePath, specifier: specifier.text)
            }
            result += bytes[copied..<specifier.utf8Range.lowerBound]
            result += url.utf8
            copied = specifier.utf8Range.upperBound
        }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }

    /// The path a relative specifier names, from the importing module's path (both relative to
    /// the public directory, `/`-separated): `../shared/forms.js` from `js/goals/goals.js` is
    /// `js/shared/forms.js`. Nil for a specifier that climbs above the directory.
    public static func resolve(_ specifier: String, from modulePath: String) -> String? {
        var parts = modulePath.split(separator: "/").dropLast().map(String.init)
        for part in specifier.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            case "": return nil
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    private static let slash = UInt8(ascii: "/")
    private static let star = UInt8(ascii: "*")
    private static let newline = UInt8(ascii: "\n")
    private static let backslash = UInt8(ascii: "\\")
    private static let singleQuote = UInt8(ascii: "'")
    private static let doubleQuote = UInt8(ascii: "\"")
    private static let backtick = UInt8(ascii: "`")
    private static let openingParenthesis = UInt8(ascii: "(")

    /// A byte of an identifier: ASCII letters, digits, `_`, `$`, and any byte of a non-ASCII character.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte == 0x24
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Just past the `*/` that closes the block comment whose text starts at `start`.
    private static func endOfBlockComment(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == star, bytes[index + 1] == slash { return index + 2 }
            index += 1
        }
        return bytes.count
    }

    /// Where the string whose text starts at `start` ends: its next `quote` not escaped by a `\\`.
    private static func closingQuote(_ quote: UInt8, in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] == backslash {
                index += 2
                continue
            }
            if bytes[index] == quote { return index }
            index += 1
        }
        return bytes.count
    }

    /// An import no file answers.
    public struct UnresolvedImport: Error, CustomStringConvertible, Equatable {
        public let module: String
        public let specifier: String

        public init(module: String, specifier: String) {
            self.module = module
            self.specifier = specifier
        }

        public var description: String { "\(module) imports \(specifier), which is no file of the public directory" }
    }
}
