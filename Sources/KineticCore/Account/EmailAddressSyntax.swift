/// The one syntax Kinetic accepts for an e-mail address, for accounts and for the recipients of
/// wishes alike: what real mailboxes use and nothing a mail server could read as something else.
///
/// - The local part is a dot-atom (RFC 5322 §3.2.3) of at most 64 bytes (RFC 5321 §4.5.3.1.1):
///   atoms of letters, digits and `! # $ & ' * + - / = ^ _ ` { | } ~`, joined by single dots, with
///   no dot first or last. `%` (the old source-routing hack) and `?` (which starts an RFC 2047
///   encoded word) are left out; quoted local parts are refused.
/// - The domain is a host name: at least two labels of letters, digits and inner hyphens, each
///   1–63 bytes, 253 in all, and a last label that is not all digits, so IP literals
///   (`a@127.0.0.1`, `a@[127.0.0.1]`) and names such as `localhost` never pass. Internationalized
///   domains pass in their ASCII (`xn--`) form. The reserved `.invalid` top-level domain (RFC 2606)
///   is refused: no mailbox has it, and Kinetic's own system accounts use it.
/// - The whole address is at most 254 bytes, and comes out trimmed and lower-cased.
public enum EmailAddressSyntax {
    public static let maximumLocalPartLength = 64
    public static let maximumDomainLength = 253
    public static let maximumLabelLength = 63
    public static let maximumLength = 254

    private static let atomSymbols = Set("!#$&'*+-/=^_`{|}~".unicodeScalars)

    /// `text` trimmed and lower-cased when it is an address Kinetic accepts, else nil.
    public static func normalized(_ text: String) -> String? {
        let address = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard address.utf8.count <= maximumLength else { return nil }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, isDotAtom(parts[0]), isHostName(parts[1]), !parts[1].hasSuffix(".invalid") else { return nil }
        return address
    }

    private static func isDotAtom(_ local: Substring) -> Bool {
        guard !local.isEmpty, local.utf8.count <= maximumLocalPartLength else { return false }
        let atoms = local.split(separator: ".", omittingEmptySubsequences: false)
        return atoms.allSatisfy { atom in
            !atom.isEmpty && atom.unicodeScalars.allSatisfy { isASCIIAlphanumeric($0) || atomSymbols.contains($0) }
        }
    }

    private static func isHostName(_ domain: Substring) -> Bool {
        guard domain.utf8.count <= maximumDomainLength else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, !last.utf8.allSatisfy({ (48...57).contains($0) }) else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= maximumLabelLength
                && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { isASCIIAlphanumeric($0) || $0 == "-" }
        }
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
