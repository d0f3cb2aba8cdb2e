import Foundation

/// A thank-you for a wish that arrived in the app: a short note its recipient sends back, which
/// lands in the sender's Inbox as a wish of the Thank you occasion, once per wish received.
public enum WishThanks {
    public static let maximumLength = 500

    /// `text` trimmed, when it is a note Kinetic sends: 1 to ``maximumLength`` characters, line
    /// breaks allowed, no other control characters; else the message key (`message`).
    public static func checked(_ text: String?) -> Result<String, FieldErrors> {
        let note = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\r\n", with: "\n")
        if note.isEmpty { return .failure(FieldErrors(["message": "wishes.thanks.error.empty"])) }
        if note.count > maximumLength { return .failure(FieldErrors(["message": "wishes.thanks.error.long"])) }
        let control = note.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }
        if control { return .failure(FieldErrors(["message": "wishes.thanks.error.invalid"])) }
        return .success(note)
    }

    /// The thank-you's subject: "Re: " and the wish's, as mail does (once, however often it goes
    /// back and forth), within ``WishDraft/maximumSubjectLength``.
    public static func subject(replyingTo subject: String) -> String {
        let replied = subject.hasPrefix("Re: ") ? subject : "Re: " + subject
        return String(replied.prefix(WishDraft.maximumSubjectLength))
    }
}
