/// The status update a wish becomes on IBM/HCL Connections. Kinetic posts with the one account
/// its operator set up, so the post names the Kinetic user who sent the wish; Connections shows
/// the content as HTML, so every character that means something there is written as an entity;
/// and the recipients' addresses are never in it (a status update is public to the
/// organisation, and an outside address is nobody's business there).
public enum ConnectionsPost {
    public static func content(senderName: String, subject: String, message: String) -> String {
        let neutral = { (text: String) in HTMLEscaping.attribute(text).replacingOccurrences(of: "'", with: "&#39;") }
        return neutral(subject) + "\n\n" + neutral(message) + "\n\n— " + neutral(senderName) + " (via Kinetic)"
    }
}
