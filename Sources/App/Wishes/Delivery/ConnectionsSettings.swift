import Foundation

/// Where status updates go: an IBM/HCL Connections server and how to sign in to it, from
/// `KINETIC_CONNECTIONS_URL` (`https://connections.example.com`) and `KINETIC_CONNECTIONS_TOKEN`
/// (`user:password` for Basic authentication, anything else is an OAuth bearer token).
struct ConnectionsSettings: Equatable, Sendable {
    enum Credentials: Equatable, Sendable {
        case basic(user: String, password: String)
        case bearer(String)
    }

    let baseURL: String
    let credentials: Credentials

    /// What is wrong with the settings, for the start-up message.
    struct Invalid: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// Reads both settings; throws ``Invalid`` when one is given without the other or the URL is not http(s).
    init(url: String, token: String) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            throw Invalid(description: "KINETIC_CONNECTIONS_URL must be an http or https URL, not \(url)")
        }
        guard !token.isEmpty else { throw Invalid(description: "KINETIC_CONNECTIONS_TOKEN is needed with KINETIC_CONNECTIONS_URL") }
        baseURL = url.hasSuffix("/") ? String(url.dropLast()) : url
        if let colon = token.firstIndex(of: ":") {
            credentials = .basic(user: String(token[..<colon]), password: String(token[token.index(after: colon)...]))
        } else {
            credentials = .bearer(token)
        }
    }

    /// The sender's board: a status update is a post to it.
    var statusUpdatesURL: String {
        let scheme = if case .basic = credentials { "basic" } else { "oauth" }
        return "\(baseURL)/connections/opensocial/\(scheme)/rest/ublog/@me/@all"
    }

    var authorization: String {
        switch credentials {
        case .basic(let user, let password): "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        case .bearer(let token): "Bearer \(token)"
        }
    }
}
