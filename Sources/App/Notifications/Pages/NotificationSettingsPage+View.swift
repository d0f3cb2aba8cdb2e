import KineticCore

/// Settings › Notifications: this device on or off (the button works through
/// js/shared/notifications.js, which asks the browser for permission and subscribes with the
/// server's key), how to get them on an iPhone, and the kinds to be told about (a plain form).
enum NotificationSettingsPage {
    struct Model {
        /// The server's VAPID public key, for `PushManager.subscribe`.
        let publicKey: String
        let muted: Set<NotificationKind>
        var saved = false
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        return SettingsPage.subpage(
            title: l.t("notifications.title"), context: context,
            content: [
                banner(model.saved ? l.t("notifications.saved") : nil, isError: false),
                deviceCard(model, context: context),
                kindsForm(model, context: context),
            ])
    }

    /// This device: its state in words, the button that turns it on or off, and the iPhone's way.
    static func deviceCard(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        return el(
            "section",
            [
                .class("card form push-card"), .aria("labelledby", "push-title"), .data("push-device", ""),
                .data("key", model.publicKey), .data("subscribe-url", SiteURL.notificationDevices.path),
                .data("unsubscribe-url", SiteURL.notificationDevicesRemoval.path), .data("csrf", context.csrfToken),
                .data("label-on", l.t("notifications.device.on")), .data("label-off", l.t("notifications.device.off")),
                .data("label-blocked", l.t("notifications.device.blocked")),
                .data("label-unsupported", l.t("notifications.device.unsupported")),
                .data("label-turn-on", l.t("notifications.device.turnOn")), .data("label-turn-off", l.t("notifications.device.turnOff")),
                .data("label-failed", l.t("notifications.device.failed")),
            ],
            [
                el("h2", [.class("card-title"), .id("push-title")], [txt(l.t("notifications.device.title"))]),
                el("p", [.class("push-state"), Attr("role", "status")], [txt(l.t("notifications.device.unsupported"))]),
                el(
                    "button", [.class("button button-primary button-block push-toggle"), Attr("type", "button"), .flag("hidden")],
                    [txt(l.t("notifications.device.turnOn"))]),
                el("p", [.class("form-note")], [txt(l.t("notifications.iPhone"))]),
            ])
    }

    /// One switch per kind, on unless turned off.
    static func kindsForm(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        return el(
            "form", [Attr("method", "post"), Attr("action", SiteURL.notificationSettings.path), .class("card form")],
            [
                CSRFField.render(context.csrfToken),
                el(
                    "fieldset", [.class("choice-list")],
                    [el("legend", [.class("card-title")], [txt(l.t("notifications.kinds"))])]
                        + NotificationKind.allCases.map { kind in
                            el(
                                "label", [.class("choice-row push-kind")],
                                [
                                    voidEl(
                                        "input",
                                        [
                                            Attr("type", "checkbox"), Attr("name", "kinds[]"), Attr("value", kind.rawValue),
                                            .flag("checked", !model.muted.contains(kind)), .aria("describedby", "kind-\(kind.rawValue)"),
                                        ]),
                                    el(
                                        "span", [.class("push-kind-text")],
                                        [
                                            el("span", [], [txt(l.t(kind.titleKey))]),
                                            el("small", [.id("kind-\(kind.rawValue)"), .class("form-note")], [txt(l.t(kind.detailKey))]),
                                        ]),
                                ])
                        }),
                el("button", [.class("button button-primary button-block"), Attr("type", "submit")], [txt(l.t("notifications.save"))]),
            ])
    }
}
