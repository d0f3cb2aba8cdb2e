import Foundation

/// What a notification says, as the service worker reads it from a push: its kind, title and
/// text in the person's language, the page a tap opens, and the topic under which a newer one
/// replaces it (on the device and at the push service).
struct PushMessage: Codable, Sendable, Equatable {
    var kind: NotificationKind
    var title: String
    var body: String
    /// A path on this server, such as `/wishes/inbox/…`.
    var url: String
    /// A newer message of the same topic replaces this one (at most 32 letters, digits, `-` or `_`).
    var topic: String
    /// How long the push service keeps it for a device that is offline, in seconds.
    var timeToLive: Int = 24 * 3600
    /// The language its words are in, for the notification's `lang`.
    var language: String = "en"

    /// The JSON the device receives (the payload before encryption): `kind`, `title`, `body`,
    /// `url`, `tag` and `lang`, its texts cut to what fits in one push (by bytes, at a whole
    /// character: 200 for the title, 1,200 for the text).
    func payload() throws -> Data {
        struct Payload: Encodable {
            let kind: String, title: String, body: String, url: String, tag: String, lang: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(
            Payload(
                kind: kind.rawValue, title: Self.cut(title, toBytes: 200), body: Self.cut(body, toBytes: 1_200),
                url: String(url.prefix(500)), tag: topic,
                lang: language))
    }

    /// The longest start of `text` of at most `limit` UTF-8 bytes, ending at a whole character.
    static func cut(_ text: String, toBytes limit: Int) -> String {
        var bytes = 0
        return String(
            text.prefix { character in
                bytes += character.utf8.count
                return bytes <= limit
            })
    }
}
