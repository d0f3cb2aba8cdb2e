/// A labelled text input with its error message, wired for screen readers.
enum FormField {
    struct Model {
        let name: String
        let label: String
        var type: String = "text"
        var value: String = ""
        var autocomplete: String? = nil
        var error: String? = nil
        var hint: String? = nil
        var required = true
        var minLength: Int? = nil
        /// The earliest value a date field takes (`yyyy-MM-dd`).
        var min: String? = nil
    }

    static func render(_ field: Model) -> HTMLNode {
        let inputID = "field-" + field.name
        let errorID = inputID + "-error"
        let hintID = inputID + "-hint"
        let describedBy = [field.error != nil ? errorID : nil, field.hint != nil ? hintID : nil].compactMap { $0 }
        return el(
            "div", [.class(field.error == nil ? "field" : "field field-invalid")],
            [
                el("label", [Attr("for", inputID), .class("field-label")], [txt(field.label)]),
                voidEl(
                    "input",
                    [
                        .id(inputID), Attr("name", field.name), Attr("type", field.type),
                        Attr("value", field.type == "password" ? nil : field.value),
                        Attr("autocomplete", field.autocomplete), .flag("required", field.required),
                        Attr("minlength", field.minLength.map(String.init)), Attr("min", field.min),
                        field.error != nil ? .aria("invalid", "true") : nil,
                        describedBy.isEmpty ? nil : .aria("describedby", describedBy.joined(separator: " ")),
                        .class("field-input"),
                    ]),
                field.hint.map { el("p", [.id(hintID), .class("field-hint")], [txt($0)]) } ?? .empty,
                field.error.map { el("p", [.id(errorID), .class("field-error")], [txt($0)]) } ?? .empty,
            ])
    }
}

/// A banner above a form: an error (role alert) or a confirmation (role status).
func banner(_ message: String?, isError: Bool) -> HTMLNode {
    guard let message else { return .empty }
    return el(
        "div", [.class(isError ? "banner banner-error" : "banner banner-success"), Attr("role", isError ? "alert" : "status")],
        [txt(message)])
}
