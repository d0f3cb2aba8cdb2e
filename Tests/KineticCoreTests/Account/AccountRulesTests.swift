import Testing
@testable import KineticCore

@Suite struct AccountRulesTests {
    @Test func signUp_normalizesNameAndEmail() throws {
        let input = try SignUpRequest.validate(name: "  Ada Lovelace ", email: " Ada@Example.COM ", password: "analytical").get()
        #expect(input.name == "Ada Lovelace")
        #expect(input.email == "ada@example.com")
    }

    @Test func signUp_reportsEveryProblem() {
        let result = SignUpRequest.validate(name: "", email: "ada@", password: "short")
        #expect(result == .failure(FieldErrors([
            "name": "error.name.empty", "email": "error.email.invalid", "password": "error.password.tooShort",
        ])))
    }

    @Test(arguments: ["a@b", "@example.com", "ada@.com", "ada@example.", "a b@example.com", "ada@@example.com", ""])
    func invalidEmail_isRejected(email: String) {
        #expect(AccountRules.normalizedEmail(email) == .failure(FieldErrors(["email": "error.email.invalid"])))
    }

    @Test func password_lengthLimits() {
        #expect(AccountRules.passwordProblem("1234567") == "error.password.tooShort")
        #expect(AccountRules.passwordProblem("12345678") == nil)
        #expect(AccountRules.passwordProblem(String(repeating: "x", count: 72)) == nil)
        #expect(AccountRules.passwordProblem(String(repeating: "ü", count: 40)) == "error.password.tooLong")
    }

    @Test func name_tooLong() {
        #expect(AccountRules.normalizedName(String(repeating: "n", count: 101)) == .failure(FieldErrors(["name": "error.name.tooLong"])))
    }
}
