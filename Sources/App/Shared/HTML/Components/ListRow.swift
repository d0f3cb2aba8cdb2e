/// A row of a list that leads to another page: a title, a line under it and a chevron.
enum ListRow {
    static func render(href: String, title: String, detail: String) -> HTMLNode {
        el(
            "a", [.class("list-row"), Attr("href", href)],
            [
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
