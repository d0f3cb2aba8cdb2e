import Testing

@testable import KineticCore

@Suite struct WishThanksTests {
    @Test func aNote_isTrimmed_andKeepsItsLineBreaks() throws {
        #expect(try WishThanks.checked("  Thank you!\r\nSee you soon.\n ").get() == "Thank you!\nSee you soon.")
    }

    @Test func anEmptyALongOrAControlCharacterNote_isRefused() {
        #expect(WishThanks.checked(" \n ").failureKey == "wishes.thanks.error.empty")
        #expect(WishThanks.checked(String(repeating: "x", count: 501)).failureKey == "wishes.thanks.error.long")
        #expect(WishThanks.checked("ok\u{0}").failureKey == "wishes.thanks.error.invalid")
        #expect((try? WishThanks.checked(String(repeating: "x", count: 500)).get())?.count == 500)
    }

    @Test func theSubject_saysReOnce() {
        #expect(WishThanks.subject(replyingTo: "Happy birthday!") == "Re: Happy birthday!")
        #expect(WishThanks.subject(replyingTo: "Re: Happy birthday!") == "Re: Happy birthday!")
        #expect(WishThanks.subject(replyingTo: String(repeating: "a", count: 150)).count == 150)
    }
}

extension Result where Success == String, Failure == FieldErrors {
    fileprivate var failureKey: String? {
        if case .failure(let errors) = self { return errors.messages["message"] }
        return nil
    }
}
