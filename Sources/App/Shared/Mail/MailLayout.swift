import KineticCore
import Plot

/// The HTML every e-mail Kinetic sends is laid out in: one column up to 560 px wide on a grey
/// ground, a white card holding the content and small grey notes under it. Sized for a phone
/// (`viewport`), in the reader's language (`lang`), with a preheader — the line a mail app
/// shows under the subject — and built of tables and inline styles, which is what mail apps
/// keep. Everything goes through ``el(_:_:_:)``, so what users wrote is always escaped.
enum MailLayout {
    /// Colours and type shared by the parts, as inline CSS.
    enum Style {
        static let text = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1c1c1e"
        static let paragraph = "margin:0 0 16px;font-size:17px;line-height:1.5"
        static let muted = "color:#6c6c70"
        static let accent = "#1f6bff"
    }

    /// The whole message: `title` (the subject) as the document's title, `preheader` hidden at
    /// the top, `content` in the card and `notes` under it.
    static func render(title: String, preheader: String, content: [HTMLNode], notes: [HTMLNode], l: Localizer) -> String {
        let cell = { (box: String, inside: String, children: [HTMLNode]) -> HTMLNode in
            el(
                "table",
                [
                    Attr("role", "presentation"), Attr("width", "100%"), Attr("cellpadding", "0"), Attr("cellspacing", "0"),
                    Attr("style", "max-width:560px;border-collapse:separate;" + box),
                ],
                [el("tr", [], [el("td", [Attr("style", Style.text + ";" + inside)], children)])])
        }
        let html = el(
            "html", [Attr("lang", l.language.rawValue)],
            [
                el(
                    "head", [],
                    [
                        voidEl("meta", [Attr("charset", "utf-8")]),
                        voidEl("meta", [Attr("name", "viewport"), Attr("content", "width=device-width, initial-scale=1")]),
                        voidEl("meta", [Attr("name", "color-scheme"), Attr("content", "light")]),
                        el("title", [], [txt(title)]),
                    ]),
                el(
                    "body", [Attr("style", "margin:0;padding:0;background:#f2f2f7;" + Style.text)],
                    [
                        el(
                            "div", [Attr("style", "display:none;max-height:0;overflow:hidden;opacity:0;color:transparent")],
                            [txt(preheader)]),
                        el(
                            "table",
                            [
                                Attr("role", "presentation"), Attr("width", "100%"), Attr("cellpadding", "0"), Attr("cellspacing", "0"),
                                Attr("style", "background:#f2f2f7"),
                            ],
                            [
                                el(
                                    "tr", [],
                                    [
                                        el(
                                            "td", [Attr("align", "center"), Attr("style", "padding:16px 8px 32px")],
                                            [
                                                cell("background:#ffffff;border-radius:16px", "padding:24px", content),
                                                notes.isEmpty
                                                    ? .empty
                                                    : cell("", "padding:16px 24px;font-size:13px;line-height:1.45;" + Style.muted, notes),
                                            ])
                                    ])
                            ]),
                    ]),
            ])
        return "<!doctype html>\n" + html.render()
    }

    /// A paragraph of the card, its lines kept.
    static func paragraph(_ text: String, style: String = Style.paragraph) -> HTMLNode {
        let lines = text.components(separatedBy: "\n")
        return el(
            "p", [Attr("style", style)],
            lines.enumerated().flatMap { index, line in index == 0 ? [txt(line)] : [voidEl("br", []), txt(line)] })
    }

    /// A link drawn as a button (a rounded, filled box: what mail apps keep of one).
    static func button(_ label: String, href: String) -> HTMLNode {
        el(
            "p", [Attr("style", "margin:24px 0 8px")],
            [
                el(
                    "a",
                    [
                        Attr("href", href),
                        Attr(
                            "style",
                            "display:inline-block;padding:12px 22px;border-radius:12px;background:\(Style.accent);color:#ffffff;"
                                + "font-size:16px;font-weight:600;text-decoration:none"),
                    ], [txt(label)])
            ])
    }

    /// A note under the card: text, then a link when there is one.
    static func note(_ text: String, link: (label: String, href: String)? = nil) -> HTMLNode {
        el(
            "p", [Attr("style", "margin:0 0 8px")],
            [txt(text)]
                + (link.map { [txt(" "), el("a", [Attr("href", $0.href), Attr("style", "color:#6c6c70")], [txt($0.label)])] } ?? []))
    }
}
