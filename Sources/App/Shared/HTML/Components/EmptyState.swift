/// The centred "nothing here yet" of a page: an icon, a title, a message and whatever helps
/// next (steps, a link).
enum EmptyState {
    static func render(icon symbol: Icon, title: String, message: String, className: String = "", more: [HTMLNode] = []) -> HTMLNode {
        el(
            "section", [.class(className.isEmpty ? "empty-state" : "empty-state \(className)")],
            [
                el("span", [.class("empty-state-icon")], [icon(symbol)]),
                el("h2", [], [txt(title)]),
                el("p", [], [txt(message)]),
            ] + more)
    }
}
