import KineticCore
import Vapor

#if canImport(Glibc)
    import Glibc
#endif

extension Request {
    /// The address the request came from, as per-address limits count it: the connection's,
    /// or, when that is a proxy named in `KINETIC_TRUSTED_PROXIES`, the client's from
    /// `X-Forwarded-For` (``ClientAddress``), each written the one way ``IPAddressText`` writes it.
    var clientAddress: String? {
        ClientAddress.resolve(
            peer: remoteAddress?.ipAddress, forwardedFor: headers[.xForwardedFor],
            trustedProxies: application.kineticConfiguration.trustedProxies, canonical: IPAddressText.canonical)
    }

    /// The client as per-address limits count it: ``clientAddress``, an IPv6 one by its /64
    /// (``ClientAddress/limitKey(of:)``).
    var clientLimitKey: String? {
        clientAddress.map(ClientAddress.limitKey(of:))
    }
}

/// IP addresses written one way, so one address is one key: IPv6 in the system's shortest form
/// (`2001:DB8:0::1` is `2001:db8::1`), an IPv4-mapped IPv6 address (`::ffff:10.0.0.2`, how a
/// dual-stack listener sees an IPv4 client) as its IPv4 address.
enum IPAddressText {
    /// `text` written canonically; nil when it is no IPv4 or IPv6 address (with a port,
    /// brackets or a zone it is none).
    static func canonical(_ text: String) -> String? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return write(AF_INET, &v4, length: INET_ADDRSTRLEN) }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12..<16].map(String.init).joined(separator: ".")
        }
        return write(AF_INET6, &v6, length: INET6_ADDRSTRLEN)
    }

    private static func write<Address>(_ family: Int32, _ address: inout Address, length: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(length))
        let written = withUnsafeBytes(of: &address) { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(length)) }
        guard written != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
