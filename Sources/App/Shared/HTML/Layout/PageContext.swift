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
    /// `Public/`'s files, for their fingerprinted addresses.
    let assets: AssetCatalog
}
