import Foundation
import KineticCore

/// Settings › Sync From iPhone: the phones that send their steps on their own (each removable),
/// a form to add one, and, once added, its key (shown this once) with the steps to set it up
/// in Health Auto Export or as an Apple Shortcut.
enum StepSyncPage {
    struct Model {
        let devices: [StepSyncDevices.Device]
        /// The user's zone, for when each phone last synced.
        let timeZone: TimeZone
        /// The phone just added, with its key and where it posts.
        var added: (device: StepSyncDevices.Device, token: String, url: String)?
        var removed = false
        var nameError: String?
        var name = ""
        var way = StepSyncWay.autoExport
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        return Layout.render(
            .init(
                title: l.t("steps.sync.title"), backLink: (SiteURL.settings.path, l.t("shell.back")), stylesheet: StepsModule.stylesheet,
                scripts: ["js/shared/confirm-forms.js", "js/steps/sync.js"], bodyClass: "steps-sync-page"),
            context: context,
            content: [
                banner(model.removed ? l.t("steps.sync.removed") : nil, isError: false),
                model.added.map { addedCard($0, l: l) } ?? .empty,
                el("p", [.class("page-intro")], [txt(l.t("steps.sync.intro"))]),
                devicesCard(model.devices, timeZone: model.timeZone, context: context),
                addForm(model, context: context),
            ])
    }

    private static func devicesCard(_ devices: [StepSyncDevices.Device], timeZone: TimeZone, context: PageContext) -> HTMLNode {
        let l = context.localizer
        guard !devices.isEmpty else {
            return el("section", [.class("card sync-devices")], [el("p", [.class("form-note")], [txt(l.t("steps.sync.none"))])])
        }
        return el(
            "section", [.class("card sync-devices"), .aria("labelledby", "sync-devices-title")],
            [
                el("h2", [.class("card-title"), .id("sync-devices-title")], [txt(l.t("steps.sync.devices"))]),
                el(
                    "ul", [.class("sync-device-list"), Attr("role", "list")],
                    devices.map { device in
                        let last =
                            device.lastSyncAt.map { at in
                                l.t(
                                    "steps.sync.lastSync", l.dateTime(at, in: timeZone),
                                    l.plural("steps.sync.points", count: device.lastSyncPoints ?? 0))
                            } ?? l.t("steps.sync.never")
                        return el(
                            "li", [.class("sync-device")],
                            [
                                el(
                                    "div", [.class("sync-device-text")],
                                    [
                                        el("strong", [], [txt(device.name)]),
                                        el("span", [.class("form-note")], [txt(l.t(device.way.nameKey))]),
                                        el("span", [.class("form-note")], [txt(last)]),
                                    ]),
                                el(
                                    "form",
                                    [
                                        Attr("method", "post"), Attr("action", SiteURL.stepSyncRemoval(id: device.id.uuidString).path),
                                        .data("confirm", l.t("steps.sync.removeQuestion", device.name)),
                                    ],
                                    [
                                        CSRFField.render(context.csrfToken),
                                        el(
                                            "button",
                                            [
                                                Attr("type", "submit"), .class("button button-secondary button-small"),
                                                .aria("label", l.t("steps.sync.removeNamed", device.name)),
                                            ], [txt(l.t("steps.sync.remove"))]),
                                    ]),
                            ])
                    }),
            ])
    }

    private static func addForm(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        return el(
            "form",
            [Attr("method", "post"), Attr("action", SiteURL.stepSync.path), .class("card form"), .aria("labelledby", "sync-add-title")],
            [
                el("h2", [.class("card-title"), .id("sync-add-title")], [txt(l.t("steps.sync.add"))]),
                CSRFField.render(context.csrfToken),
                FormField.render(
                    .init(
                        name: "name", label: l.t("steps.sync.name"), value: model.name, autocomplete: "off", error: model.nameError,
                        hint: l.t("steps.sync.nameHint"))),
                el(
                    "fieldset", [.class("choice-list")],
                    [el("legend", [.class("field-label")], [txt(l.t("steps.sync.way"))])]
                        + StepSyncWay.allCases.map { way in
                            el(
                                "label", [.class("choice-row")],
                                [
                                    voidEl(
                                        "input",
                                        [
                                            Attr("type", "radio"), Attr("name", "way"), Attr("value", way.rawValue),
                                            .flag("checked", way == model.way), .aria("describedby", "way-\(way.rawValue)"),
                                        ]),
                                    el(
                                        "span", [.class("sync-way-text")],
                                        [
                                            el("span", [], [txt(l.t(way.nameKey))]),
                                            el("small", [.id("way-\(way.rawValue)"), .class("form-note")], [txt(l.t(way.detailKey))]),
                                        ]),
                                ])
                        }),
                el("button", [.class("button button-primary button-block"), Attr("type", "submit")], [txt(l.t("steps.sync.make"))]),
            ])
    }

    /// The new phone's key and address, each with a Copy button, then its way's steps.
    private static func addedCard(_ added: (device: StepSyncDevices.Device, token: String, url: String), l: Localizer) -> HTMLNode {
        func copyable(_ id: String, label: String, value: String) -> HTMLNode {
            el(
                "div", [.class("field sync-copy")],
                [
                    el("label", [Attr("for", id), .class("field-label")], [txt(label)]),
                    el(
                        "div", [.class("sync-copy-row")],
                        [
                            voidEl(
                                "input",
                                [
                                    .id(id), Attr("type", "text"), .flag("readonly"), Attr("value", value),
                                    .class("field-input sync-copy-value"),
                                    Attr("spellcheck", "false"), Attr("autocapitalize", "off"),
                                ]),
                            el(
                                "button",
                                [
                                    Attr("type", "button"), .class("button button-secondary button-small"), .data("copy", id),
                                    .data("copied", l.t("steps.sync.copied")), .aria("label", l.t("steps.sync.copyNamed", label)),
                                ], [txt(l.t("steps.sync.copy"))]),
                        ]),
                ])
        }
        let steps = added.device.way.setUpKeys.map { key in
            el("li", [], [txt(l.t(key, added.url, "Bearer " + added.token))])
        }
        return el(
            "section", [.class("card sync-added"), .aria("labelledby", "sync-added-title")],
            [
                el(
                    "h2", [.class("card-title"), .id("sync-added-title"), Attr("tabindex", "-1")],
                    [txt(l.t("steps.sync.added", added.device.name))]),
                el("p", [.class("form-note")], [txt(l.t("steps.sync.onlyOnce"))]),
                copyable("sync-url", label: l.t("steps.sync.url"), value: added.url),
                copyable("sync-header", label: l.t("steps.sync.header"), value: "Bearer " + added.token),
                el("h3", [.class("sync-steps-title")], [txt(l.t("steps.sync.steps"))]),
                el("ol", [.class("sync-steps")], steps),
            ])
    }
}

extension StepSyncWay {
    /// The catalog key of its name, and of what it is.
    var nameKey: String { self == .autoExport ? "steps.sync.way.autoExport" : "steps.sync.way.shortcut" }
    var detailKey: String { self == .autoExport ? "steps.sync.way.autoExportDetail" : "steps.sync.way.shortcutDetail" }

    /// The catalog keys of its set-up steps, each filled with the address and the header's value.
    var setUpKeys: [String] {
        switch self {
        case .autoExport:
            [
                "steps.sync.autoExport.step1", "steps.sync.autoExport.step2", "steps.sync.autoExport.step3",
                "steps.sync.autoExport.step4", "steps.sync.autoExport.step5", "steps.sync.autoExport.step6",
            ]
        case .shortcut:
            [
                "steps.sync.shortcut.step1", "steps.sync.shortcut.step2", "steps.sync.shortcut.step3", "steps.sync.shortcut.step4",
                "steps.sync.shortcut.step5", "steps.sync.shortcut.step6", "steps.sync.shortcut.step7",
            ]
        }
    }
}
