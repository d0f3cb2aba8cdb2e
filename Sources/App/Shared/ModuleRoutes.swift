import Vapor

/// The route groups a module registers on: the web pages (session cookie + CSRF) and the JSON
/// API (bearer token), each open or for signed-in users only.
struct ModuleRoutes {
    /// Web pages anyone may open (login, sign-up).
    let web: any RoutesBuilder
    /// Web pages for signed-in users; others are sent to the login page.
    let signedIn: any RoutesBuilder
    /// Pages opened from a link in an e-mail whose token is all the authority they need, so a
    /// mail client may post to them without a CSRF token (RFC 8058's one-click unsubscribe).
    let links: any RoutesBuilder
    /// API routes anyone may call (sign-up, login).
    let api: any RoutesBuilder
    /// API routes that need a bearer token; 401 without one.
    let apiSignedIn: any RoutesBuilder
    /// The server's settings, for routes whose limits they set.
    let configuration: KineticConfiguration
}
