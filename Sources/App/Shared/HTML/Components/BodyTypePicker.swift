import Foundation
import KineticCore

/// The three body-type figures, smallest to largest, as radio buttons.
enum BodyTypePicker {
    static func render(selected: BodyType?, l: Localizer) -> HTMLNode {
        let options = BodyType.allCases.map { bodyType -> HTMLNode in
            let inputID = "body-type-\(bodyType.rawValue)"
            return el(
                "div", [.class("body-type-option")],
                [
                    voidEl(
                        "input",
                        [
                            Attr("type", "radio"), Attr("name", "bodyType"), .id(inputID), Attr("value", String(bodyType.rawValue)),
                            .flag("checked", selected == bodyType), .class("body-type-radio"),
                        ]),
                    el(
                        "label", [Attr("for", inputID), .class("body-type-card")],
                        [
                            figure(bodyType),
                            el("span", [.class("body-type-name")], [txt(l.bodyType(bodyType))]),
                        ]),
                ])
        }
        return el(
            "fieldset", [.class("body-type-picker")],
            [
                el("legend", [.class("field-label")], [txt(l.t("fitness.bodyType.label"))]),
                el("div", [.class("body-type-options")], options),
            ])
    }

    /// A standing figure whose build widens from the smallest to the largest body type.
    static func figure(_ bodyType: BodyType) -> HTMLNode {
        let shoulder = [9.0, 12.0, 15.5][bodyType.rawValue]
        let waist = [6.5, 10.0, 15.0][bodyType.rawValue]
        let hip = [7.5, 10.5, 14.0][bodyType.rawValue]
        let leg = [3.2, 4.2, 5.4][bodyType.rawValue]
        let arm = [2.6, 3.3, 4.2][bodyType.rawValue]
        func n(_ value: Double) -> String { String(format: "%.1f", value) }
        let cx = 24.0
        let torso =
            "M\(n(cx - shoulder)) 22 Q\(n(cx)) 18 \(n(cx + shoulder)) 22 L\(n(cx + waist)) 40 L\(n(cx + hip)) 50 L\(n(cx - hip)) 50 L\(n(cx - waist)) 40 Z"
        let legs =
            "M\(n(cx - hip + 0.5)) 50 h\(n(leg * 2)) l-1 28 h-\(n(leg * 2 - 2)) Z M\(n(cx + hip - 0.5 - leg * 2)) 50 h\(n(leg * 2)) l1 28 h-\(n(leg * 2 - 2)) Z"
        let arms =
            "M\(n(cx - shoulder)) 22 l-\(n(arm)) 4 l-2 22 h\(n(arm)) l2 -16 Z M\(n(cx + shoulder)) 22 l\(n(arm)) 4 l2 22 h-\(n(arm)) l-2 -16 Z"
        return el(
            "svg",
            [.class("body-type-figure"), Attr("viewBox", "0 0 48 80"), Attr("width", "48"), Attr("height", "80"), .aria("hidden", "true")],
            [
                el("circle", [Attr("cx", "24"), Attr("cy", "10"), Attr("r", "7")]),
                el("path", [Attr("d", torso + " " + legs + " " + arms)]),
            ])
    }
}
