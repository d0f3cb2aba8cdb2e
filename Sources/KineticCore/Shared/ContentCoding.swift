import Foundation

/// The content codings Kinetic compresses responses with (RFC 9110 §8.4.1), and which responses
/// are worth it.
public enum ContentCoding: String, CaseIterable, Sendable {
    /// Brotli (RFC 7932): a fifth to a quarter smaller than gzip on text.
    case brotli = "br"
    case gzip

    /// A body smaller than this goes as it is: a few hundred bytes saved cost more than they
    /// save, and a compressed body that small is often no smaller.
    public static let minimumBytes = 1_024

    /// The coding to answer with, given the request's `Accept-Encoding` fields: of the codings in
    /// `available` the client accepts (`q` above 0, by name or by `*`), the one with the highest
    /// `q`, `available`'s order deciding a tie; nil for none (the body goes as it is). Without the
    /// field the answer is nil too: a client that says nothing gets what every client reads.
    public static func preferred(acceptEncoding fields: [String], available: [ContentCoding]) -> ContentCoding? {
        var named: [String: Double] = [:]
        var anyOther: Double?
        for field in fields {
            for element in field.split(separator: ",") {
                let parts = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard let name = parts.first, !name.isEmpty else { continue }
                let weight = parts.dropFirst().compactMap(qualityValue).first ?? 1
                if name == "*" { anyOther = weight } else { named[name] = weight }
            }
        }
        var best: (coding: ContentCoding, weight: Double)?
        for coding in available {
            let weight = named[coding.rawValue] ?? (coding == .gzip ? named["x-gzip"] : nil) ?? anyOther ?? 0
            if weight > 0, weight > (best?.weight ?? 0) { best = (coding, weight) }
        }
        return best?.coding
    }

    /// Whether a response of `mediaType` (`type/subtype`, parameters allowed) compresses well:
    /// text, JSON, JavaScript, XML and SVG do; pictures, sound, PDFs and archives are compressed
    /// already.
    public static func compresses(mediaType: String) -> Bool {
        let essence = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard let slash = essence.firstIndex(of: "/") else { return false }
        let type = essence[..<slash]
        let subtype = essence[essence.index(after: slash)...]
        if type == "text" { return true }
        if subtype.hasSuffix("+json") || subtype.hasSuffix("+xml") { return true }
        return ["application/json", "application/javascript", "application/xml", "application/yaml", "image/svg+xml"].contains(essence)
    }

    /// `q=0.5` → 0.5; a value out of 0…1 or not a number is no weight (the element counts as 1).
    private static func qualityValue(_ parameter: String) -> Double? {
        guard parameter.hasPrefix("q=") else { return nil }
        guard let value = Double(parameter.dropFirst(2)), (0...1).contains(value) else { return nil }
        return value
    }
}
