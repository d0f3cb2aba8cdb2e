/// Which address a request came from, as per-address limits count it. Behind a reverse proxy
/// (nginx, a load balancer) the connection's address is the proxy's, and the client's is in
/// `X-Forwarded-For`, which each proxy appends to. Anyone can send that header, so it is read
/// only when the connection comes from a proxy the operator trusts, and then from the right:
/// the first address that is not a trusted proxy's is the client's (those left of it were
/// written by the client itself).
public enum ClientAddress {
    /// The client's address: `peer` unless it is one of `trustedProxies`, else the rightmost
    /// address in the `X-Forwarded-For` values (`forwardedFor`, in the order received) that is
    /// not a trusted proxy's, or the leftmost when all are. An entry that is not an address
    /// ends the walk: what is left of it cannot be trusted. `canonical` writes an address the
    /// one way `trustedProxies` are written (IPv6 in its shortest form, an IPv4-mapped one as
    /// IPv4), nil for what is no address; the server passes the system's parser.
    public static func resolve(
        peer: String?, forwardedFor: [String], trustedProxies: Set<String>,
        canonical: (String) -> String? = { isAddress($0) ? $0 : nil }
    ) -> String? {
        guard let peer else { return nil }
        let client = canonical(peer) ?? peer
        guard trustedProxies.contains(client) else { return client }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { String($0.filter { $0 != " " && $0 != "\t" }) }
        var nearest = client
        for raw in hops.reversed() {
            guard let hop = canonical(raw) else { return nearest }
            nearest = hop
            if !trustedProxies.contains(hop) { return hop }
        }
        return nearest
    }

    /// Whether `text` is an IPv4 or IPv6 address as proxies write them (no port, no brackets).
    public static func isAddress(_ text: String) -> Bool {
        if text.contains(":") {
            return text.count <= 45 && text.filter { $0 == ":" }.count >= 2
                && text.allSatisfy { ($0.isASCII && $0.isHexDigit) || $0 == ":" || $0 == "." }
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber } && Int(part).map { $0 <= 255 } == true
            }
    }
}
