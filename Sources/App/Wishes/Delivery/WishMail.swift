import Foundation
import KineticCore
import KineticMail

/// The e-mail a wish becomes for one recipient: the subject, the message as text and as HTML
/// (with the card inline when the wish has one), from Kinetic's address as
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
        let imageTag =
            image.map {
                "<p><img src=\"cid:\(HTMLEscaping.attribute($0.contentID))\" alt=\"\" width=\"600\" style=\"max-width:100%;height:auto;border-radius:12px\"></p>"
            } ?? ""
        let paragraphs = wish.message.components(separatedBy: "\n\n").map {
            "<p>" + HTMLEscaping.text($0).replacingOccurrences(of: "\n", with: "<br>") + "</p>"
        }
        let footerHTML =
            "<hr style=\"border:none;border-top:1px solid #e1e4ea;margin:24px 0 12px\"><p style=\"color:#6c6c70;font-size:13px\">"
            + notes.map(HTMLEscaping.text).joined(separator: "<br>") + "</p>"
        let html =
            "<!doctype html><html><body style=\"font-family:-apple-system,Segoe UI,sans-serif;font-size:16px;line-height:1.5;color:#1c1c1e\">"
            + imageTag + paragraphs.joined() + "<p style=\"color:#6c6c70\">\(HTMLEscaping.text(signature))</p>" + footerHTML
            + "</body></html>"
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

    /// `delivery-<id>@<the sending domain>`: the same for every try of a delivery.
    static func messageID(of delivery: WishDeliveryRecord, from: MailAddress) -> String {
        let domain = from.address.split(separator: "@").last.map(String.init) ?? "kinetic.invalid"
        let id = delivery.id?.uuidString.lowercased() ?? "unsaved"
        return "delivery-\(id)@\(domain)"
    }
}
