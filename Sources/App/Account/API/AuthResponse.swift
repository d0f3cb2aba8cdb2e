import Vapor

/// The answer to sign-up and login: `{customerId, token, profile}`.
struct AuthResponse: Content {
    let customerId: String
    let token: String
    let profile: ProfileDTO
}
