import Vapor

extension Routes {
    /// The methods registered for a concrete request path, for answering 405 with an `Allow`
    /// header instead of 404 when the path exists under another method (RFC 9110 §15.5.6).
    /// Only the most specific paths count (a constant beats a parameter, as in the router:
    /// `/workouts/generate` is not `/workouts/{id}`), and routes that exist only to refuse a
    /// method (``Route/refusesMethod``) do not.
    func allowedMethods(forPath path: String) -> [HTTPMethod] {
        let parts = path.split(separator: "/").map(String.init)
        let matching = all.filter { !$0.refusesMethod && Self.matches($0.path, parts) }
        let constants = { (route: Route) in route.path.filter { $0 != .constant("") }.map { if case .constant = $0 { 1 } else { 0 } } }
        let best = matching.map(constants).max { $0.lexicographicallyPrecedes($1) }
        var methods = matching.filter { constants($0) == best }.map(\.method)
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

extension Route {
    /// Set on a route that answers 405 so a constant path keeps a method from falling through
    /// to a parameter route beside it; `Allow` leaves it out.
    var refusesMethod: Bool {
        get { userInfo["kinetic.refusesMethod"] as? Bool ?? false }
        set { userInfo["kinetic.refusesMethod"] = newValue }
    }
}
