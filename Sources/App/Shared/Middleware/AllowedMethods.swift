import Vapor

extension Routes {
    /// The methods registered for a concrete request path, for answering 405 with an `Allow`
    /// header instead of 404 when the path exists under another method (RFC 9110 §15.5.6).
    func allowedMethods(forPath path: String) -> [HTTPMethod] {
        let parts = path.split(separator: "/").map(String.init)
        var methods = all.filter { Self.matches($0.path, parts) }.map(\.method)
        if methods.contains(.GET) { methods.append(.HEAD) }
        var seen = Set<String>()
        return methods.filter { seen.insert($0.rawValue).inserted }
    }

    private static func matches(_ pattern: [PathComponent], _ parts: [String]) -> Bool {
        let pattern = pattern.filter { $0 != .constant("") }
        for (index, component) in pattern.enumerated() {
            switch component {
            case .catchall: return parts.count > index
            case .anything, .parameter: if index >= parts.count { return false }
            case .constant(let value): if index >= parts.count || parts[index] != value { return false }
            }
        }
        return pattern.count == parts.count
    }
}
