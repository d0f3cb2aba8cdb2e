import KineticCore
import Plot

/// Every node Kinetic's views produce. Views build elements through ``el(_:_:_:)`` so that
/// attribute values and text are always escaped: Plot escapes neither attribute values nor
/// text that looks like an entity, so user data never goes through its raw paths directly.
typealias HTMLNode = Node<HTML.BodyContext>

/// One attribute; a nil value leaves the attribute out, `.flag` renders a boolean attribute.
struct Attr {
    let name: String
    let value: String?
    let isFlag: Bool

    init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
        self.isFlag = false
    }

    private init(flag name: String) {
        self.name = name
        self.value = nil
        self.isFlag = true
    }

    /// A boolean attribute such as `hidden` or `required`, present when `on` is true.
    static func flag(_ name: String, _ on: Bool = true) -> Attr? { on ? Attr(flag: name) : nil }
    static func `class`(_ value: String) -> Attr { Attr("class", value) }
    static func id(_ value: String) -> Attr { Attr("id", value) }
    static func aria(_ name: String, _ value: String) -> Attr { Attr("aria-" + name, value) }
    static func data(_ name: String, _ value: String) -> Attr { Attr("data-" + name, value) }
    /// `lang` for content in another language than the page's, in `l`'s (a report's German
    /// title on an English page), so that browsers hyphenate and screen readers pronounce it by
    /// its rules; none when it is unknown or the page's own.
    static func lang(_ language: String?, in l: Localizer) -> Attr? {
        guard let language, language.split(separator: "-").first != l.language.rawValue.split(separator: "-").first else { return nil }
        return Attr("lang", language)
    }

    fileprivate var rendered: Attribute<HTML.BodyContext>? {
        if isFlag { return Attribute(name: name, value: nil, ignoreIfValueIsEmpty: false) }
        guard let value else { return nil }
        return Attribute(name: name, value: HTMLEscaping.attribute(value), ignoreIfValueIsEmpty: false)
    }
}

/// An element with attributes and children.
func el(_ name: String, _ attributes: [Attr?] = [], _ children: [HTMLNode] = []) -> HTMLNode {
    .element(named: name, nodes: attributes.compactMap { $0?.rendered.map(HTMLNode.attribute) } + children)
}

/// A void element (`input`, `img`, `meta`, `link`): attributes, no children, no end tag.
func voidEl(_ name: String, _ attributes: [Attr?]) -> HTMLNode {
    .selfClosedElement(named: name, attributes: attributes.compactMap { $0?.rendered })
}

/// Escaped text.
func txt(_ string: String) -> HTMLNode {
    .raw(HTMLEscaping.text(string))
}
