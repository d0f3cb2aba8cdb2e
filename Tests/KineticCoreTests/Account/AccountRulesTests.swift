import Testing

@testable import KineticCore

@Suite struct AccountRulesTests {
    let policy = PasswordPolicy(commonPasswords: ["password1", "iloveyou", "Qwertyuiop"])

    @Test func signUp_normalizesNameAndEmail() throws {
        let input = try SignUpRequest.validate(name: "  Ada Lovelace ", email: " Ada@Example.COM ", password: "analytical", policy: policy)
            .get()
        #expect(input.name == "Ada Lovelace")
        #expect(input.email == "ada@example.com")
    }

    @Test func signUp_reportsEveryProblem() {
        let result = SignUpRequest.validate(name: "", email: "ada@", password: "short", policy: policy)
        #expect(
            result
                == .failure(
                    FieldErrors([
                        "name": "error.name.empty", "email": "error.email.invalid", "password": "error.password.tooShort",
                    ])))
    }

    @Test(arguments: ["a@b", "@example.com", "ada@.com", "ada@example.", "a b@example.com", "ada@@example.com", ""])
    func invalidEmail_isRejected(email: String) {
        #expect(AccountRules.normalizedEmail(email) == .failure(FieldErrors(["email": "error.email.invalid"])))
    }

    @Test func password_lengthLimits() {
        #expect(policy.problem("1234567") == "error.password.tooShort")
        #expect(policy.problem("12345678") == nil)
        #expect(policy.problem(String(repeating: "x", count: 72)) == nil)
        #expect(policy.problem(String(repeating: "ü", count: 40)) == "error.password.tooLong")
    }

    @Test func password_commonOnesAreRefusedInAnyCase_andNULBytesAlways() {
        #expect(policy.problem("password1") == "error.password.common")
        #expect(policy.problem("PassWord1") == "error.password.common")
        #expect(policy.problem("qwertyuiop") == "error.password.common")
        #expect(policy.problem("password12") == nil)
        #expect(policy.problem("long-enough\0pw") == "error.password.nul")
        #expect(policy.problem("\0") == "error.password.nul")
    }

    @Test func commonPasswordList_readsOnePerLine_ignoringBlankLines() {
        let list = PasswordPolicy(commonPasswordList: "123456\r\nsunshine1\n\nTrustNo1\n")
        #expect(list.commonPasswordCount == 3)
        #expect(list.problem("trustno1") == "error.password.common")
    }

    @Test func name_tooLong() {
        #expect(AccountRules.normalizedName(String(repeating: "n", count: 101)) == .failure(FieldErrors(["name": "error.name.tooLong"])))
    }
}
