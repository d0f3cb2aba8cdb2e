import Vapor

extension PageContext {
    /// The context of a page rendered for `request`: its language, user, CSRF token and path.
    init(request: Request) {
        let user = request.auth.get(User.self)
        self.init(
            localizer: request.localizer,
            user: user.map { SignedInUser(name: $0.name, email: $0.shownEmail) },
            csrfToken: request.csrfToken,
            currentPath: request.url.path,
            assets: request.application.assets
        )
    }
}
