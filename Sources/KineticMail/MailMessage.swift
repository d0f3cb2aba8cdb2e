import Foundation

/// An e-mail to send: a text and an HTML version of one message, optionally with one image the
/// HTML shows inline (`<img src="cid:…">`).
public struct MailMessage: Sendable, Equatable {
    /// An image carried inside the message.
    public struct InlineImage: Sendable, Equatable {
        /// What the HTML refers to as `cid:<contentID>`.
        public var contentID: String
        public var mediaType: String
        public var fileName: String
        public var data: Data

        public init(contentID: String, mediaType: String, fileName: String, data: Data) {
            self.contentID = contentID
            self.mediaType = mediaType
            self.fileName = fileName
            self.data = data
        }
    }

    /// Without angle brackets (`delivery-…@kinetic.example`). The same for every try of one
    /// delivery, so a receiver can tell a retry from a new message.
    public var messageID: String
    public var date: Date
    public var from: MailAddress
    /// The envelope's recipients (`RCPT TO`), each also named in the `To:` header.
    public var to: [MailAddress]
    public var subject: String
    public var text: String
    public var html: String
    public var image: InlineImage?
    /// Where replies go (`Reply-To:`), when not to ``from``.
    public var replyTo: MailAddress?
    /// `List-Unsubscribe:` (RFC 2369): an https URL that stops such mail with one POST (RFC 8058,
    /// `List-Unsubscribe-Post: List-Unsubscribe=One-Click`), and optionally a mailto.
    public var unsubscribe: (url: String, mailto: String?)?

    public static func == (lhs: MailMessage, rhs: MailMessage) -> Bool {
        lhs.messageID == rhs.messageID && lhs.date == rhs.date && lhs.from == rhs.from && lhs.to == rhs.to && lhs.subject == rhs.subject
            && lhs.text == rhs.text && lhs.html == rhs.html && lhs.image == rhs.image && lhs.replyTo == rhs.replyTo
            && lhs.unsubscribe?.url == rhs.unsubscribe?.url && lhs.unsubscribe?.mailto == rhs.unsubscribe?.mailto
    }

    public init(
        messageID: String, date: Date, from: MailAddress, to: [MailAddress], subject: String, text: String, html: String,
        image: InlineImage? = nil
    ) {
        self.messageID = messageID
        self.date = date
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.image = image
    }
}

/// An address with an optional display name (`Ann Example <ann@example.com>`).
public struct MailAddress: Sendable, Equatable, Hashable {
    /// ASCII, without spaces, angle brackets or line breaks (checked by its maker).
    public var address: String
    public var name: String?

    public init(_ address: String, name: String? = nil) {
        self.address = address
        self.name = name
    }
}
