import Testing

@testable import KineticCore

@Suite struct EmailAddressSyntaxTests {
    @Test(arguments: [
        ("Ada@Example.COM", "ada@example.com"),
        (" o'brien+wishes@mail.example.co.uk ", "o'brien+wishes@mail.example.co.uk"),
        ("first.last@xn--bcher-kva.example", "first.last@xn--bcher-kva.example"),
        ("a-b_c@sub-domain.example", "a-b_c@sub-domain.example"),
        (String(repeating: "l", count: 64) + "@example.com", String(repeating: "l", count: 64) + "@example.com"),
    ])
    func realAddresses_pass(text: String, normalized: String) {
        #expect(EmailAddressSyntax.normalized(text) == normalized)
    }

    /// The forms the security audit saw accepted and handed to SMTP, and their neighbours.
    @Test(arguments: [
        "a@127.0.0.1", "a@[127.0.0.1]", "a@localhost", "a@x",
        String(repeating: "l", count: 65) + "@example.com",
        ".a@example.com", "a.@example.com", "a..b@example.com",
        "a@-x.com", "a@x-.com", "a@x..com", "a@.x.com", "a@x.com.", "a@e_x.com",
        "a%b@example.com", "=?utf-8?q?x?=@example.com", "\"quoted\"@example.com",
        "a b@example.com", "a@b@example.com", "a\r\nbcc:x@example.com", "ü@example.com", "a@bücher.example",
        "a@" + String(repeating: "d", count: 64) + ".com",
        "a@" + Array(repeating: String(repeating: "d", count: 60), count: 5).joined(separator: ".") + ".com",
        "", "@example.com", "a@", "starter-songs@kinetic.invalid", "anyone@x.invalid",
    ])
    func hostileOrBrokenAddresses_areRefused(text: String) {
        #expect(EmailAddressSyntax.normalized(text) == nil)
    }

    @Test func accountsAndRecipients_followTheSameRule() {
        #expect(AccountRules.normalizedEmail("a..b@example.com") == .failure(FieldErrors(["email": "error.email.invalid"])))
        #expect(WishDraft.mailSafeAddress("a@127.0.0.1") == nil)
        #expect(WishDraft.mailSafeAddress("Ann@Example.com") == "ann@example.com")
    }

    @Test(arguments: ["Evil\r\nBcc: x@example.com", "Evil\u{0}nul", "Tab\there", "Line\u{2028}separator", "Bell\u{7}"])
    func namesWithControlCharacters_areRefused(name: String) {
        #expect(AccountRules.normalizedName(name) == .failure(FieldErrors(["name": "error.name.controlCharacter"])))
    }

    @Test func namesWithEmojiJoinersAndAccents_pass() {
        #expect(AccountRules.normalizedName(" Zoë 👩‍👩‍👧 ") == .success("Zoë 👩‍👩‍👧"))
    }
}
