import Foundation

/// The servers Kinetic may call at an address a user gave (a phone's push service, a
/// contact's photo), so that no one can make the server call an address of their choosing
/// (its own database, a cloud's metadata service). Each entry is a host name, which takes
/// `https` addresses on the standard port at that host or under it (`fcm.googleapis.com`,
/// `googleusercontent.com`), or an origin, which takes exactly that origin
/// (`http://127.0.0.1:8089`, for a service on the same machine). No address with a user name
/// or password is taken.
public struct HostAllowlist: Equatable, Sendable {
    /// Host names lower-cased, and origins.
    public let entries: [String]

    public init(_ entries: [String]) {
        self.entries = entries.map { $0.lowercased() }
    }

    /// Whether `url` may be called.
    public func allows(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty,
            url.user == nil, url.password == nil,
            host.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "." || $0 == "-") })
        else { return false }
        let origin = "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")"
        let standardHTTPS = scheme == "https" && (url.port ?? 443) == 443
        return entries.contains { entry in
            if entry.contains("://") { return entry == origin }
            return standardHTTPS && (host == entry || host.hasSuffix("." + entry))
        }
    }

    /// The list a setting writes, comma separated; the first entry that is neither a host name
    /// nor an `http(s)` origin when there is one.
    public static func reading(_ list: String) -> Result<HostAllowlist, BadEntry> {
        let entries = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        for entry in entries {
            let origin = entry.contains("://") ? URLComponents(string: entry) : nil
            let fine =
                origin.map { ($0.scheme == "https" || $0.scheme == "http") && $0.host?.isEmpty == false && $0.path.isEmpty }
                ?? entry.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
            guard fine else { return .failure(BadEntry(entry: entry)) }
        }
        return .success(HostAllowlist(entries))
    }

    public struct BadEntry: Error, Equatable {
        public let entry: String
    }
}
