import Foundation

/// Where and how Kinetic hands e-mail over: read from a URL such as
/// `smtp://user:password@mail.example.com:587?starttls=require`.
///
/// - `smtp://` speaks plain SMTP and upgrades with STARTTLS when the server offers it
///   (`?starttls=require` refuses to go on without it, `?starttls=never` does not try);
/// - `smtps://` starts with TLS (implicit TLS, port 465 by default);
/// - user and password (percent-encoded in the URL) are sent with AUTH PLAIN, or LOGIN when
///   the server offers only that, and only over TLS: with them, a server that offers no
///   STARTTLS is refused unless the URL says `?starttls=never` (``sendsPasswordInClear``);
/// - `?ca=/path/to/ca.pem` trusts that certificate authority as well as the system's.
public struct SMTPSettings: Sendable, Equatable {
    public enum Security: String, Sendable {
        /// STARTTLS when offered, plain otherwise.
        case startTLSIfOffered
        /// STARTTLS or nothing is sent.
        case startTLSRequired
        /// Plain text throughout.
        case plain
        /// TLS from the first byte.
        case implicitTLS
    }

    public var host: String
    public var port: Int
    public var security: Security
    public var user: String?
    public var password: String?
    /// A PEM file of certificate authorities to trust besides the system's.
    public var trustedCertificatesFile: String?
    /// The name this client gives in EHLO.
    public var clientName: String

    public init(
        host: String, port: Int, security: Security = .startTLSIfOffered, user: String? = nil, password: String? = nil,
        trustedCertificatesFile: String? = nil, clientName: String = "localhost"
    ) {
        self.host = host
        self.port = port
        self.security = security
        self.user = user
        self.password = password
        self.trustedCertificatesFile = trustedCertificatesFile
        self.clientName = clientName
    }

    /// Whether the password goes out unencrypted (`?starttls=never` with a user): allowed, as the
    /// operator asked for it, and worth a warning at start.
    public var sendsPasswordInClear: Bool { user != nil && security == .plain }

    /// What is wrong with a settings URL, for the start-up message.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// Reads a settings URL; throws ``Invalid`` naming what is wrong.
    public init(url text: String, clientName: String = "localhost") throws {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw Invalid(description: "not a URL")
        }
        guard scheme == "smtp" || scheme == "smtps" else { throw Invalid(description: "the scheme must be smtp or smtps, not \(scheme)") }
        guard let host = components.host, !host.isEmpty else { throw Invalid(description: "no host") }
        if let port = components.port, !(1...65_535).contains(port) { throw Invalid(description: "port \(port) is out of range") }
        var security: Security = scheme == "smtps" ? .implicitTLS : .startTLSIfOffered
        var trusted: String?
        for item in components.queryItems ?? [] {
            switch (item.name, item.value ?? "") {
            case ("starttls", "require") where scheme == "smtp": security = .startTLSRequired
            case ("starttls", "never") where scheme == "smtp": security = .plain
            case ("starttls", "auto") where scheme == "smtp": security = .startTLSIfOffered
            case ("ca", let path) where !path.isEmpty: trusted = path
            default: throw Invalid(description: "unknown setting \(item.name)=\(item.value ?? "")")
            }
        }
        let user = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }
        let password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        if (user == nil) != (password == nil) { throw Invalid(description: "give both a user and a password, or neither") }
        self.init(
            host: host, port: components.port ?? (scheme == "smtps" ? 465 : 25), security: security, user: user, password: password,
            trustedCertificatesFile: trusted, clientName: clientName)
    }
}
