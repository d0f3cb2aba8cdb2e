import Foundation
import KineticCore
import KineticMail

/// The e-mail a wish becomes for one recipient: the subject, the message as text and as HTML
/// (with the card inline when the wish has one), from Kinetic's address in the sender's name.
/// The Message-ID is the delivery's, so every try of one delivery sends the same one.
enum WishMail {
    struct Sender {
        let name: String
        let email: String
    }

    static func message(for delivery: WishDeliveryRecord, of wish: WishRecord, sender: Sender, from: MailAddress, image: MailMessage.InlineImage?, now: Date) -> MailMessage {
        let signature = "— \(sender.name) <\(sender.email)>"
        let imageTag = image.map { "<p><img src=\"cid:\(escaped($0.contentID))\" alt=\"\" width=\"600\" style=\"max-width:100%;height:auto;border-radius:12px\"></p>" } ?? ""
        let paragraphs = wish.message.components(separatedBy: "\n\n").map { "<p>" + escaped($0).replacingOccurrences(of: "\n", with: "<br>") + "</p>" }
        let html = "<!doctype html><html><body style=\"font-family:-apple-system,Segoe UI,sans-serif;font-size:16px;line-height:1.5;color:#1c1c1e\">"
            + imageTag + paragraphs.joined() + "<p style=\"color:#6c6c70\">\(escaped(signature))</p></body></html>"
        return MailMessage(
            messageID: messageID(of: delivery, from: from), date: now,
            from: MailAddress(from.address, name: sender.name), to: [MailAddress(delivery.recipient ?? "")],
            subject: wish.subject, text: wish.message + "\n\n" + signature, html: html, image: image
        )
    }

    /// `delivery-<id>@<the sending domain>`: the same for every try of a delivery.
    static func messageID(of delivery: WishDeliveryRecord, from: MailAddress) -> String {
        let domain = from.address.split(separator: "@").last.map(String.init) ?? "kinetic.invalid"
        return "delivery-\(delivery.id.uuidString.lowercased())@\(domain)"
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
