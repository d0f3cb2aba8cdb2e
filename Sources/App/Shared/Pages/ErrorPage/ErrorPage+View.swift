import Vapor

/// The page shown for an error on a web route.
enum ErrorPage {
    static func render(status: HTTPResponseStatus, message: String, context: PageContext) -> String {
        let l = context.localizer
        let home = context.user == nil ? SiteURL.login.path : SiteURL.profile.path
        return Layout.render(
            .init(title: l.t("error.pageTitle")), context: context,
            content: [
                el(
                    "section", [.class("empty-state")],
                    [
                        el("p", [.class("error-code")], [txt(String(status.code))]),
                        el("h2", [], [txt(message)]),
                        el("a", [.class("button button-secondary"), Attr("href", home)], [txt(l.t("error.backHome"))]),
                    ])
            ])
    }
}
