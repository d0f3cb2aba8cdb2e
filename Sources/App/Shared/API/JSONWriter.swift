import Foundation
import NIOCore
import Vapor

/// Writes JSON straight into bytes, for the few answers on a hot path (the goals array) where
/// Foundation's `JSONEncoder` costs more than the rest of the request. Its output is checked
/// against `JSONEncoder`'s for the same values by the tests; everything else uses `Content`.
struct JSONWriter {
    private(set) var buffer: ByteBuffer
    /// Per open container: whether it holds an element yet (a comma goes before the next one).
    private var containers: [Bool] = []
    private var afterKey = false

    init(allocator: ByteBufferAllocator = ByteBufferAllocator(), capacity: Int = 1_024) {
        buffer = allocator.buffer(capacity: capacity)
    }

    mutating func beginObject() {
        startValue()
        buffer.writeInteger(UInt8(ascii: "{"))
        containers.append(false)
    }
    mutating func endObject() {
        containers.removeLast()
        buffer.writeInteger(UInt8(ascii: "}"))
    }
    mutating func beginArray() {
        startValue()
        buffer.writeInteger(UInt8(ascii: "["))
        containers.append(false)
    }
    mutating func endArray() {
        containers.removeLast()
        buffer.writeInteger(UInt8(ascii: "]"))
    }

    /// A member's name; its value comes next.
    mutating func key(_ name: String) {
        separate()
        writeString(name)
        buffer.writeInteger(UInt8(ascii: ":"))
        afterKey = true
    }

    mutating func value(_ string: String) {
        startValue()
        writeString(string)
    }
    mutating func value(_ number: Int) {
        startValue()
        buffer.writeString(String(number))
    }
    mutating func value(_ flag: Bool) {
        startValue()
        buffer.writeString(flag ? "true" : "false")
    }
    mutating func null() {
        startValue()
        buffer.writeString("null")
    }

    /// A member whose value may be missing: `null` then.
    mutating func member(_ name: String, _ number: Int?) {
        key(name)
        if let number { value(number) } else { null() }
    }

    mutating func member(_ name: String, _ string: String) {
        key(name)
        value(string)
    }
    mutating func member(_ name: String, _ string: String?) {
        key(name)
        if let string { value(string) } else { null() }
    }
    mutating func member(_ name: String, _ flag: Bool) {
        key(name)
        value(flag)
    }
    /// An id as `JSONEncoder` writes a `UUID`: its upper-case string.
    mutating func member(_ name: String, _ id: UUID?) {
        member(name, id?.uuidString)
    }
    mutating func member(_ name: String, _ strings: [String]) {
        key(name)
        beginArray()
        for string in strings { value(string) }
        endArray()
    }
    /// A member whose value writes itself, or `null`.
    mutating func member(_ name: String, _ element: (some JSONWritable)?) {
        key(name)
        if let element { element.write(to: &self) } else { null() }
    }
    mutating func member(_ name: String, _ elements: [some JSONWritable]) {
        key(name)
        beginArray()
        for element in elements { element.write(to: &self) }
        endArray()
    }
    mutating func member(_ name: String, _ number: Int) {
        key(name)
        value(number)
    }

    /// The bytes as a `200 OK` JSON response.
    func response() -> Response { .json(.init(buffer: buffer)) }

    private mutating func startValue() {
        if afterKey { afterKey = false } else { separate() }
    }

    private mutating func separate() {
        guard let last = containers.indices.last else { return }
        if containers[last] { buffer.writeInteger(UInt8(ascii: ",")) }
        containers[last] = true
    }

    /// A string literal: quotes, backslashes and control characters escaped (RFC 8259 §7).
    private mutating func writeString(_ string: String) {
        buffer.writeInteger(UInt8(ascii: "\""))
        let utf8 = string.utf8
        let plain = utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        if plain {
            buffer.writeString(string)
        } else {
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): buffer.writeString("\\\"")
                case UInt8(ascii: "\\"): buffer.writeString("\\\\")
                case 0x0A: buffer.writeString("\\n")
                case 0x0D: buffer.writeString("\\r")
                case 0x09: buffer.writeString("\\t")
                case 0x08: buffer.writeString("\\b")
                case 0x0C: buffer.writeString("\\f")
                case 0..<0x20: buffer.writeString("\\u00" + String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16))
                default: buffer.writeInteger(byte)
                }
            }
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }
}

/// A DTO that can write itself with ``JSONWriter`` (the same shape as its `Codable` form).
protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}

extension Array where Element: JSONWritable {
    /// The array as a JSON response written by ``JSONWriter``.
    func jsonResponse(allocator: ByteBufferAllocator) -> Response {
        var writer = JSONWriter(allocator: allocator, capacity: 64 + count * 256)
        writer.beginArray()
        for element in self { element.write(to: &writer) }
        writer.endArray()
        return writer.response()
    }
}

extension Response {
    /// A `200 OK` answer whose body is JSON already written (``JSONWriter``, a stored snapshot).
    static func json(_ body: Response.Body) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: body)
    }
}
