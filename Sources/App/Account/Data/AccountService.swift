import Fluent
import KineticCore
import Vapor

/// Sign-up, sign-in and sign-out, shared by the web forms and the API.
struct AccountService {
    let request: Request

    /// Creates an account from validated input; 409 when the address is taken.
    func signUp(_ input: SignUpRequest) async throws -> User {
        if try await User.query(on: request.db).filter(\.$email == input.email).first() != nil {
            throw AppError.emailTaken
        }
        let hash = try await request.password.async.hash(input.password)
        let user = User(name: input.name, email: input.email, passwordHash: hash)
        let month = request.goalsClock.currentMonth
        do {
            try await request.db.transaction { transaction in
                try await user.create(on: transaction)
                let goals = MonthGoals(jumpGoal: user.jumpGoal, calorieGoal: user.calorieGoal)
                try await GoalsRepository(database: transaction, userID: try user.requireID()).setGoals(goals, for: month)
            }
        } catch let error as DatabaseError where error.isConstraintFailure {
            throw AppError.emailTaken
        }
        return user
    }

    /// The account for these credentials. Attempts are throttled per account and address: each
    /// takes an allowance before the password is checked, and a correct one gives it back.
    func authenticate(email rawEmail: String, password: String) async throws -> User {
        let email = rawEmail.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let address = request.remoteAddress?.ipAddress
        let throttle = request.application.loginThrottle
        if let wait = await throttle.reserveAttempt(email: email, address: address) {
            throw AppError.tooManyAttempts(retryAfter: wait, localizer: request.localizer)
        }
        let user = try await User.query(on: request.db).filter(\.$email == email).first()
        // Verify against a fixed hash when the account does not exist, so timing does not tell.
        let hash: String
        if let user { hash = user.passwordHash } else { hash = try await request.application.unknownAccountHash() }
        let verified = try await request.password.async.verify(password, created: hash)
        guard let user, verified else { throw AppError.invalidCredentials }
        await throttle.refundAttempt(email: email, address: address)
        return user
    }

    /// Starts a new browser session (a new id every time) and sets its cookie on `response`.
    func startWebSession(for user: User, on response: Response) async throws {
        if let previous = request.webSession { try await previous.delete(on: request.db) }
        try await WebSession.query(on: request.db).filter(\.$expiresAt < request.now).delete()
        let secret = SecretToken.generate()
        let lifetime = request.application.kineticConfiguration.sessionLifetime
        let session = WebSession(
            tokenHash: SecretToken.digest(secret), userID: try user.requireID(),
            csrfToken: SecretToken.generate(), expiresAt: request.now.addingTimeInterval(lifetime)
        )
        try await session.create(on: request.db)
        response.cookies[WebSessionMiddleware.sessionCookie] = request.cookie(value: secret, maxAge: Int(lifetime))
        request.rotateAnonymousCSRFToken()
    }

    /// Ends the browser session: the row is deleted and the cookie expired.
    func endWebSession(on response: Response) async throws {
        if let session = request.webSession { try await session.delete(on: request.db) }
        request.webSession = nil
        request.auth.logout(User.self)
        response.cookies[WebSessionMiddleware.sessionCookie] = .expired
        request.rotateAnonymousCSRFToken()
    }

    /// Issues a new API token and returns its secret (shown once; only the digest is stored).
    func issueAPIToken(for user: User) async throws -> String {
        let secret = SecretToken.generate()
        try await APIToken(tokenHash: SecretToken.digest(secret), userID: try user.requireID()).create(on: request.db)
        return secret
    }
}
