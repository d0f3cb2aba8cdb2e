import KineticCore
import Vapor

extension Request {
    /// The address the request came from, as per-address limits count it: the connection's,
    /// or, when that is a proxy named in `KINETIC_TRUSTED_PROXIES`, the client's from
    /// `X-Forwarded-For` (``ClientAddress``).
    var clientAddress: String? {
        ClientAddress.resolve(
            peer: remoteAddress?.ipAddress, forwardedFor: headers[.xForwardedFor],
            trustedProxies: application.kineticConfiguration.trustedProxies)
    }
}
