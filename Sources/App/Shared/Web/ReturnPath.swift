import Foundation

/// Where signing in returns to: the page a visitor asked for before they were sent to sign in
/// (a reminder e-mail's link to a wish, a bookmark). Only a path on this site is taken, so no
/// link can send someone elsewhere after they sign in (an "open redirect").
enum ReturnPath {
    /// The longest path kept; a longer one is no page of Kinetic's.
    static let maximumLength = 2_000

    /// `text` when it is a path on this site (`/wishes/…`, with its query), else nil: not empty,
    /// starting with one `/` (not `//` or `/\`, which browsers read as another host), printable
    /// ASCII only, no longer than ``maximumLength``.
    static func checked(_ text: String?) -> String? {
        guard let text, text.utf8.count <= maximumLength, text.hasPrefix("/"), !text.hasPrefix("//"), !text.hasPrefix("/\\"),
            text.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        return text
    }

    /// The login page's address that returns to `path` once signed in.
    static func login(returningTo path: String) -> String {
        guard let path = checked(path), path != SiteURL.login.path else { return SiteURL.login.path }
        return SiteURL.login.with([("next", path)])
    }
}
