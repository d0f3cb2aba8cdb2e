/// Fieldsets of choices the Workouts forms share: chips (any number, check boxes) and a
/// segmented control (one, radio buttons), each with its legend, hint and message.
enum ChoiceFields {
    /// Check boxes named `name[]`.
    static func chips(
        name: String, legend: String, hint: String, options: [(value: String, label: String)], chosen: Set<String>,
        error: String?, attributes: [Attr?] = []
    ) -> HTMLNode {
        let errorID = "\(name)-error", hintID = "\(name)-hint"
        return el(
            "fieldset",
            [
                .class(error == nil ? "card chip-field" : "card chip-field field-invalid"), .id("\(name)-field"),
                .aria("describedby", error == nil ? hintID : "\(errorID) \(hintID)"),
            ] + attributes,
            [
                el("legend", [.class("field-label")], [txt(legend)]),
                el("p", [.class("field-hint"), .id(hintID)], [txt(hint)]),
                error.map { el("p", [.class("field-error"), .id(errorID)], [txt($0)]) } ?? .empty,
                el(
                    "div", [.class("chips")],
                    options.map { option in
                        el(
                            "label", [.class("chip")],
                            [
                                voidEl(
                                    "input",
                                    [
                                        Attr("type", "checkbox"), Attr("name", "\(name)[]"), Attr("value", option.value),
                                        .flag("checked", chosen.contains(option.value)),
                                    ]),
                                el("span", [], [txt(option.label)]),
                            ])
                    }),
            ])
    }

    /// Radio buttons named `name`.
    static func segmented(
        name: String, legend: String, options: [(value: String, label: String)], chosen: String, hint: String?, error: String?
    ) -> HTMLNode {
        el(
            "fieldset", [.class(error == nil ? "card segmented-field" : "card segmented-field field-invalid")],
            [
                el("legend", [.class("field-label")], [txt(legend)]),
                hint.map { el("p", [.class("field-hint")], [txt($0)]) } ?? .empty,
                error.map { el("p", [.class("field-error")], [txt($0)]) } ?? .empty,
                el(
                    "div", [.class("segmented segmented-wrap")],
                    options.map { option in
                        el(
                            "label", [.class("segment")],
                            [
                                voidEl(
                                    "input",
                                    [
                                        Attr("type", "radio"), Attr("name", name), Attr("value", option.value),
                                        .flag("checked", chosen == option.value),
                                    ]),
                                el("span", [], [txt(option.label)]),
                            ])
                    }),
            ])
    }
}
