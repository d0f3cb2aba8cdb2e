import KineticCore
import Vapor

extension SiteURL {
    /// A Wishes page under `/wishes`.
    static func wishes(_ page: WishesPath) -> SiteURL { SiteURL(["wishes"] + page.pathComponents) }

    /// `/mail/stop/{token}`: an e-mail's link that stops all e-mail from this server to its address.
    static func mailOptOut(token: String?) -> SiteURL { SiteURL(["mail", "stop", parameter(token, "token")]) }

    /// The Wishes module's paths under `/wishes` (pages) and `/api/v1/wishes` (JSON); an id of
    /// nil registers the route's parameter. Some are pages only, some API only.
    enum WishesPath: Hashable, Sendable {
        /// The API's lists (`?box=…`).
        case list
        /// A page's list: `scheduled`, `inbox`, `sent`.
        case box(WishBox)
        /// A new wish (the compose page).
        case compose
        /// `{wishId}`: a wish or Inbox item (the message view on the web).
        case wish(id: String?)
        /// `{wishId}/edit`: a scheduled wish's compose page.
        case edit(id: String?)
        /// The compose form goes here (POST): its preview with Send Options, or the form again with its errors.
        case preview
        /// Back from the preview to the form, filled (POST).
        case revise
        /// Deletes several (POST `ids`).
        case delete
        case occasions
        case counts
        case searchHistory
        /// Uploads a photo (POST).
        case photos
        /// `photos/{photoId}`: an uploaded photo, for its owner and the recipients of wishes with it.
        case photo(id: String?)
        /// `{wishId}/thanks` (POST): a thank-you for an Inbox wish.
        case thanks(id: String?)
        /// The yearly wishes.
        case yearlyList
        /// `yearly/{seriesId}`: one.
        case yearly(id: String?)
        /// `yearly/{seriesId}/pause`, `…/resume` (POST).
        case pauseYearly(id: String?)
        case resumeYearly(id: String?)
        /// `yearly/{seriesId}/end` (POST, the page's form; the API DELETEs the yearly wish).
        case endYearly(id: String?)
        /// The address book.
        case contacts
        /// `contacts/new`: a new contact's page.
        case newContact
        /// `contacts/{contactId}`: a contact.
        case contact(id: String?)
        /// `contacts/{contactId}/delete` (POST, the page's form).
        case deleteContact(id: String?)
        /// `contacts/import`: a vCard or CSV file read (the page's form; the API's file).
        case importContacts
        /// `contacts/import/confirm` (POST): the read contacts stored.
        case confirmImport

        var pathComponents: [PathComponent] {
            switch self {
            case .list: []
            case .box(let box): [.constant(box.rawValue)]
            case .compose: ["new"]
            case .wish(let id): [Self.parameter(id, "wishId")]
            case .edit(let id): [Self.parameter(id, "wishId"), "edit"]
            case .preview: ["preview"]
            case .revise: ["revise"]
            case .delete: ["delete"]
            case .occasions: ["occasions"]
            case .counts: ["counts"]
            case .searchHistory: ["search-history"]
            case .photos: ["photos"]
            case .photo(let id): ["photos", Self.parameter(id, "photoId")]
            case .thanks(let id): [Self.parameter(id, "wishId"), "thanks"]
            case .yearlyList: ["yearly"]
            case .yearly(let id): ["yearly", Self.parameter(id, "seriesId")]
            case .pauseYearly(let id): ["yearly", Self.parameter(id, "seriesId"), "pause"]
            case .resumeYearly(let id): ["yearly", Self.parameter(id, "seriesId"), "resume"]
            case .endYearly(let id): ["yearly", Self.parameter(id, "seriesId"), "end"]
            case .contacts: ["contacts"]
            case .newContact: ["contacts", "new"]
            case .contact(let id): ["contacts", Self.parameter(id, "contactId")]
            case .deleteContact(let id): ["contacts", Self.parameter(id, "contactId"), "delete"]
            case .importContacts: ["contacts", "import"]
            case .confirmImport: ["contacts", "import", "confirm"]
            }
        }

        private static func parameter(_ value: String?, _ name: String) -> PathComponent {
            value.map { .constant($0) } ?? .parameter(name)
        }
    }
}

extension SiteURL.Module {
    static let wishes = Self("wishes")
}

extension SiteURL.API {
    /// Wishes under `/api/v1/wishes`.
    static func wishes(_ path: SiteURL.WishesPath) -> Self { Self(["wishes"] + path.pathComponents) }
}
