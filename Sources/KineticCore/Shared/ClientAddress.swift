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

    /// The network a client address stands for when clients are counted or shared out: an
    /// IPv4 address itself, and an IPv6 address's /64 (a home or phone is given a whole /64 and
    /// may use any address in it, so one person could otherwise be billions of clients), as
    /// `2001:db8:1:2::/64`. Nil for a loopback address (the machine itself, or a proxy not
    /// named as trusted, behind which every client looks the same) and for what is no address.
    public static func network(of address: String) -> String? {
        if !address.contains(":") {
            guard isAddress(address), !address.hasPrefix("127.") else { return nil }
            return address
        }
        guard let groups = ipv6Groups(address), groups != [0, 0, 0, 0, 0, 0, 0, 1] else { return nil }
        if groups[0..<5].allSatisfy({ $0 == 0 }), groups[5] == 0xFFFF {
            return network(of: "\(groups[6] >> 8).\(groups[6] & 0xFF).\(groups[7] >> 8).\(groups[7] & 0xFF)")
        }
        let prefix = groups[0..<4].map { String($0, radix: 16) }
        return prefix.joined(separator: ":") + "::/64"
    }

    /// What per-address limits (sign-ups, sign-ins, reset links, address lookups) count a
    /// client as: its ``network(of:)``, so an IPv6 client rotating through its /64 stays one
    /// client, or the address itself where that is none (loopback is still one client there).
    public static func limitKey(of address: String) -> String {
        network(of: address) ?? address
    }

    /// The eight 16-bit groups of an IPv6 address (`::` expanded, an embedded IPv4 tail read).
    static func ipv6Groups(_ text: String) -> [Int]? {
        guard isAddress(text), text.contains(":") else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [Int]? {
            guard !part.isEmpty else { return [] }
            var result: [Int] = []
            for piece in part.split(separator: ":", omittingEmptySubsequences: false) {
                if piece.contains(".") {
                    let bytes = piece.split(separator: ".").compactMap { Int($0) }
                    guard bytes.count == 4, bytes.allSatisfy({ (0...255).contains($0) }) else { return nil }
                    result += [bytes[0] << 8 | bytes[1], bytes[2] << 8 | bytes[3]]
                } else {
                    guard (1...4).contains(piece.count), let value = Int(piece, radix: 16) else { return nil }
                    result.append(value)
                }
            }
            return result
        }
        guard let head = groups(halves[0]), let tail = halves.count == 2 ? groups(halves[1]) : [] else { return nil }
        if halves.count == 1 { return head.count == 8 ? head : nil }
        guard head.count + tail.count < 8 else { return nil }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
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
