/// A validated sign-up: the name and e-mail address normalized, the password checked against the policy.
public struct SignUpRequest: Equatable, Sendable {
    public let name: String
    public let email: String
    public let password: String

    /// Validates every field and reports all failures at once.
    public static func validate(name: String, email: String, password: String, policy: PasswordPolicy) -> Result<SignUpRequest, FieldErrors>
    {
        var errors = FieldErrors()
        let validName = AccountRules.normalizedName(name)
        let validEmail = AccountRules.normalizedEmail(email)
        if case .failure(let failure) = validName { errors.merge(failure, prefix: nil) }
        if case .failure(let failure) = validEmail { errors.merge(failure, prefix: nil) }
        if let problem = policy.problem(password) { errors.add("password", problem) }
        guard errors.isEmpty, case .success(let name) = validName, case .success(let email) = validEmail else {
            return .failure(errors)
        }
        return .success(SignUpRequest(name: name, email: email, password: password))
    }
}
