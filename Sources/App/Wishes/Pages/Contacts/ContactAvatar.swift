import Foundation

/// A contact's face beside their name: their photo in a circle, else their initials. It is
/// decoration (the name is written beside it), so screen readers pass over it.
enum ContactAvatar {
    static func render(name: String, photo: UUID?) -> HTMLNode {
        guard let photo else {
            return el("span", [.class("contact-avatar contact-avatar-initials"), .aria("hidden", "true")], [txt(SideMenu.initials(name))])
        }
        return voidEl(
            "img",
            [
                .class("contact-avatar"), Attr("src", SiteURL.wishes(.photo(id: photo.uuidString.lowercased())).path), Attr("alt", ""),
                Attr("width", "40"), Attr("height", "40"), Attr("loading", "lazy"), Attr("decoding", "async"),
            ])
    }
}
