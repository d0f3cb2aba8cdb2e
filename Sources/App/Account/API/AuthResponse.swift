import Vapor

/// The answer to sign-up and login: `{customerId, token, profile}`, and after a login the
/// `deviceToken` the app sends with its next login (its own allowance of failed attempts).
struct AuthResponse: Content {
    let customerId: String
    let token: String
    let profile: ProfileDTO
    var deviceToken: String?
}
