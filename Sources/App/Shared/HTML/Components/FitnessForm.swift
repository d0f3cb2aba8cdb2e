import KineticCore

/// The fitness settings form: body type and height, which the calorie estimates use. The
/// Fitness Settings page shows it, and the Goals sheet embeds it (`guardsUnsavedChanges: false`).
enum FitnessForm {
    static func render(
        fitness: FitnessSettings, fieldErrors: [String: String] = [:], context: PageContext, guardsUnsavedChanges: Bool = true
    ) -> HTMLNode {
        let l = context.localizer
        let heightError = fieldErrors["height"]
        return el(
            "form",
            [
                Attr("method", "post"), Attr("action", SiteURL.fitnessSettings.path), .class("form fitness-form"), .flag("novalidate"),
                .id(guardsUnsavedChanges ? "fitness-form" : "fitness-form-embedded"),
                guardsUnsavedChanges ? .data("guard-unsaved", "") : nil, .data("ajax", ""), .data("saved-message", l.t("fitness.saved")),
            ],
            [
                CSRFField.render(context.csrfToken),
                el(
                    "section", [.class("card")],
                    [
                        BodyTypePicker.render(selected: fitness.bodyType, l: l),
                        fieldErrors["bodyType"].map { el("p", [.class("field-error")], [txt($0)]) } ?? .empty,
                    ]),
                el(
                    "section", [.class("card")],
                    [
                        Ruler.render(
                            .init(
                                name: "height", label: l.t("fitness.height.label"), value: fitness.height,
                                range: FitnessSettings.heightRange, majorEvery: l.language.usesImperialHeight ? 12 : 4,
                                format: l.language.usesImperialHeight ? .heightImperial : .heightMetric, initial: 66
                            ), l: l),
                        heightError.map { el("p", [.class("field-error"), Attr("role", "alert")], [txt($0)]) } ?? .empty,
                    ]),
                el("p", [.class("form-note")], [txt(l.t("fitness.why"))]),
                el(
                    "div", [.class("form-actions")],
                    [
                        el("button", [.class("button button-primary button-block"), Attr("type", "submit")], [txt(l.t("action.save"))])
                    ]),
            ])
    }
}
