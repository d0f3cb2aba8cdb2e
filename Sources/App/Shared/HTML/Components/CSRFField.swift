/// The hidden CSRF field every state-changing form carries.
enum CSRFField {
    static func render(_ token: String) -> HTMLNode {
        voidEl("input", [Attr("type", "hidden"), Attr("name", CSRFMiddleware.formField), Attr("value", token)])
    }
}
