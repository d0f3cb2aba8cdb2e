import Foundation

/// The photo an address book gave a person: its bytes, as Apple's, Android's and Outlook's
/// vCards embed them (base64 or a `data:` URI), or a web address, as Google Contacts writes it
/// (its CSV's `Photo` column, its vCard's `PHOTO:https://…`). What the bytes are is decided
/// when the photo is kept: they are checked and re-encoded like any upload
/// (``WishPhotoCheck``).
public enum ContactPhoto: Equatable, Sendable {
    case embedded([UInt8])
    case link(String)

    /// The largest photo, in bytes: as large as an upload may be (a phone's own photo of the
    /// person), since it is made small when it is kept.
    public static let maximumBytes = WishPhotoCheck.maximumBytes
    /// The longest side a contact's photo is kept at, in pixels (shown at 40 to 96 points).
    public static let storedLongestSide = 512
    /// The most photos one import keeps: each is decoded and written again, which takes a
    /// tool's turn; an address book with more faces keeps the first ones.
    public static let maximumPerImport = 400

    /// The photo a vCard `PHOTO` value gives (`value` as written, `base64` when its parameters
    /// say `ENCODING=b` or `BASE64`), or why there is none.
    ///
    /// - a `data:image/…;base64,` URI or a base64 value: its bytes, at most ``maximumBytes``;
    /// - an `https://` or `http://` address: a link;
    /// - anything else (another scheme, a broken base64 value): nil.
    public static func reading(vCardValue value: String, base64: Bool) -> Reading {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = trimmed.prefix(16).lowercased()
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
            return URL(string: trimmed)?.host != nil ? .photo(.link(trimmed)) : .unreadable
        }
        var encoded = Substring(trimmed)
        if lowered.hasPrefix("data:") {
            guard let comma = trimmed.firstIndex(of: ","),
                trimmed[..<comma].lowercased().split(separator: ";").contains("base64"),
                trimmed[..<comma].lowercased().dropFirst(5).hasPrefix("image/")
            else { return .unreadable }
            encoded = trimmed[trimmed.index(after: comma)...]
        } else if !base64 {
            return .unreadable
        }
        // Four characters of base64 carry three bytes; line breaks and spaces are passed over,
        // anything else that is not base64 makes the photo unreadable (not a picture half made up).
        guard encoded.utf8.count / 4 * 3 <= maximumBytes + maximumBytes / 8 else { return .tooLarge }
        var letters = String(encoded.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
        letters += String(repeating: "=", count: (4 - letters.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: letters), !data.isEmpty else { return .unreadable }
        guard data.count <= maximumBytes else { return .tooLarge }
        return .photo(.embedded([UInt8](data)))
    }

    /// What a written photo gave.
    public enum Reading: Equatable, Sendable {
        case photo(ContactPhoto)
        case tooLarge
        case unreadable
    }
}
