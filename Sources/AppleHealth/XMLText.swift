/// Decodes XML attribute text: the five named entities and numeric character references.
enum XMLText {
    /// The decoded string, or nil when an entity is malformed or unknown.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.contains(38) else { return String(decoding: bytes, as: UTF8.self) } // no '&'
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == 38 else {
                output.append(byte)
                index += 1
                continue
            }
            guard let semicolon = bytes[index...].firstIndex(of: 59), semicolon - index <= 12 else { return nil }
            let name = bytes[(index + 1)..<semicolon]
            switch Array(name) {
            case Array("lt".utf8): output.append(60)
            case Array("gt".utf8): output.append(62)
            case Array("amp".utf8): output.append(38)
            case Array("quot".utf8): output.append(34)
            case Array("apos".utf8): output.append(39)
            default:
                guard name.first == 35, let scalar = numericReference(name.dropFirst()) else { return nil }
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
            }
            index = semicolon + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func numericReference(_ digits: ArraySlice<UInt8>) -> Unicode.Scalar? {
        let text = String(decoding: digits, as: UTF8.self)
        let value = text.hasPrefix("x") ? UInt32(text.dropFirst(), radix: 16) : UInt32(text, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }
}
