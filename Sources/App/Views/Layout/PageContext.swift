import Vapor

/// What every page needs besides its own model: strings, the signed-in user, the CSRF token
/// and where the user is. Built from the request by the controller; views never see the request.
struct PageContext: Sendable {
    struct SignedInUser: Sendable {
        let name: String
        let email: String
    }

    let localizer: Localizer
    let user: SignedInUser?
    let csrfToken: String
    let currentPath: String

    init(localizer: Localizer, user: SignedInUser?, csrfToken: String, currentPath: String) {
        self.localizer = localizer
        self.user = user
        self.csrfToken = csrfToken
        self.currentPath = currentPath
    }

    init(request: Request) {
        let user = request.auth.get(User.self)
        self.init(
            localizer: request.localizer,
            user: user.map { SignedInUser(name: $0.name, email: $0.email) },
            csrfToken: request.csrfToken,
            currentPath: request.url.path
        )
    }
}
