/// A row of a list that leads to another page: a title, a line under it and a chevron, after
/// a picture when there is one (`leading`).
enum ListRow {
    static func render(href: String, title: String, detail: String, leading: HTMLNode = .empty) -> HTMLNode {
        el(
            "a", [.class("list-row"), Attr("href", href)],
            [
                leading,
                el(
                    "span", [.class("list-row-text")],
                    [
                        el("strong", [], [txt(title)]),
                        el("span", [], [txt(detail)]),
                    ]),
                icon(.chevronRight),
            ])
    }
}
