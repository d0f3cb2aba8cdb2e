import Foundation
import KineticCore
import KineticMail

/// The e-mail a wish becomes for one recipient: the subject, the message as text and as HTML
/// laid out for a phone (``MailLayout``: who it is from, the subject as its headline, the card
/// inline when the wish has one, the words, a button that answers the sender), from Kinetic's
/// address as
/// `"<sender> via Kinetic"` with replies going to the sender's confirmed address, and a footer
/// saying who sent it, how to stop e-mail from Kinetic to this address (also as
/// `List-Unsubscribe`, one click) and where to report abuse. The Message-ID is the delivery's,
/// so every try of one delivery sends the same one.
enum WishMail {
    struct Sender {
        let name: String
        /// Confirmed: only a confirmed sender's wishes go out by e-mail.
        let email: String
    }

    /// What the footer links to: the server (`KINETIC_PUBLIC_URL`), this recipient's opt-out
    /// link, and the address abuse is reported to.
    struct Footer {
        let publicURL: String
        let optOutURL: String
        let abuseAddress: String
    }

    static func message(
        for delivery: WishDeliveryRecord, of wish: WishRecord, sender: Sender, from: MailAddress, image: MailMessage.InlineImage?,
        footer: Footer, localizer l: Localizer, now: Date
    ) -> MailMessage {
        let signature = "— \(sender.name)"
        let notes = [
            l.t("mail.wish.footer.sender", sender.name, sender.email, footer.publicURL),
            l.t("mail.wish.footer.optOut", footer.optOutURL),
            l.t("mail.wish.footer.abuse", footer.abuseAddress),
        ]
        let html = MailLayout.render(
            title: wish.subject, preheader: String(wish.message.prefix(140)),
            content: content(of: wish, sender: sender, image: image, signature: signature, l: l),
            notes: [
                MailLayout.note(notes[0]),
                MailLayout.note(l.t("mail.wish.footer.optOutQuestion"), link: (l.t("mail.wish.footer.optOutLink"), footer.optOutURL)),
                MailLayout.note(notes[2]),
            ], l: l)
        var message = MailMessage(
            messageID: messageID(of: delivery, from: from), date: now,
            from: MailAddress(from.address, name: l.t("mail.wish.fromName", sender.name)), to: [MailAddress(delivery.recipient ?? "")],
            subject: wish.subject, text: wish.message + "\n\n" + signature + "\n\n-- \n" + notes.joined(separator: "\n"), html: html,
            image: image
        )
        message.replyTo = MailAddress(sender.email, name: sender.name)
        message.unsubscribe = (url: footer.optOutURL, mailto: nil)
        return message
    }

    /// Who it is from, the subject as the headline, the card or photo (described for mail apps
    /// that block images), the words, the signature and a button that answers the sender.
    private static func content(
        of wish: WishRecord, sender: Sender, image: MailMessage.InlineImage?, signature: String, l: Localizer
    ) -> [HTMLNode] {
        let described: String =
            switch wish.wishPhoto {
            case .stock?: l.t("mail.wish.cardAlt", l.t(wish.occasion.nameKey))
            default: l.t("mail.wish.photoAlt", sender.name)
            }
        let picture = image.map {
            el(
                "p", [Attr("style", "margin:0 0 20px")],
                [
                    voidEl(
                        "img",
                        [
                            Attr("src", "cid:" + $0.contentID), Attr("alt", described), Attr("width", "512"),
                            Attr("style", "display:block;width:100%;max-width:512px;height:auto;border:0;border-radius:12px"),
                        ])
                ])
        }
        let reply = SiteURL.mailto(sender.email, subject: l.t("mail.wish.replySubject", wish.subject))
        return [
            MailLayout.paragraph(l.t("mail.wish.from", sender.name), style: "margin:0 0 6px;font-size:14px;" + MailLayout.Style.muted),
            el("h1", [Attr("style", "margin:0 0 20px;font-size:24px;line-height:1.25;font-weight:700")], [txt(wish.subject)]),
            picture ?? .empty,
        ]
            + wish.message.components(separatedBy: "\n\n").map { MailLayout.paragraph($0) }
            + [
                MailLayout.paragraph(signature, style: MailLayout.Style.paragraph + ";" + MailLayout.Style.muted),
                MailLayout.button(l.t("mail.wish.reply", sender.name), href: reply),
            ]
    }

    /// `delivery-<id>@<the sending domain>`: the same for every try of a delivery.
    static func messageID(of delivery: WishDeliveryRecord, from: MailAddress) -> String {
        let id = delivery.id?.uuidString.lowercased() ?? "unsaved"
        return "delivery-\(id)@\(from.domain)"
    }
}
