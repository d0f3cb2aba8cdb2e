import Fluent
import KineticCore
import Vapor

/// Sign-up, sign-in and sign-out, shared by the web forms and the API.
struct AccountService {
    let request: Request

    /// Creates an account from validated input; 409 when the address is taken. Sign-ups are
    /// throttled per client address (which also slows down probing for taken addresses).
    ///
    /// As the server's sign-up mode says (``SignUpMode``): open, the address waits for the link
    /// sent to it (``AccountService/sendAddressConfirmation(to:email:)``, by the caller);
    /// by invitation, `invitation` must be one for this address, which then counts as confirmed;
    /// closed, 403.
    func signUp(_ input: SignUpRequest, timeZone: String? = nil, invitation: String? = nil) async throws -> User {
        let configuration = request.application.kineticConfiguration
        if configuration.signUpMode == .closed { throw AppError.signUpClosed }
        if configuration.signUpMode == .invite { _ = try await self.invitation(invitation, for: input.email) }
        if let address = request.remoteAddress?.ipAddress,
            let wait = try await request.throttle.take([
                ThrottleBucket(
                    key: "signup:" + address, capacity: configuration.signUpBurstPerAddress,
                    refillSeconds: configuration.signUpRefillSeconds)
            ])
        {
            throw AppError.tooManyAttempts(retryAfter: wait, localizer: request.localizer, messageKey: "error.signUp.throttled")
        }
        if try await User.query(on: request.db).filter(\.$email == input.email).first() != nil {
            throw AppError.emailTaken
        }
        let hash = try await request.password.async.hash(input.password)
        let user = User(name: input.name, email: input.email, passwordHash: hash)
        user.timeZoneIdentifier = timeZone
        user.createdAt = request.now
        let month = request.application.userCalendar(for: user).currentMonth
        let tokens = AccountTokens(database: request.db, now: request.now)
        do {
            try await request.db.transaction { transaction in
                if configuration.signUpMode == .invite {
                    // Used once: a second sign-up with the same link finds it used.
                    guard let invitation, try await tokens.redeem(invitation, .invitation, on: transaction) != nil else {
                        throw AppError.linkInvalid
                    }
                    user.emailVerifiedAt = request.now
                }
                try await user.create(on: transaction)
                let goals = MonthGoals(jumpGoal: user.jumpGoal, calorieGoal: user.calorieGoal)
                try await GoalsRepository(database: transaction, userID: try user.requireID()).setGoals(goals, for: month)
            }
        } catch let error as DatabaseError where error.isConstraintFailure {
            throw AppError.emailTaken
        }
        if user.isVerified { try await Self.wakeWishesWaiting(for: user.email, on: request.db, now: request.now) }
        return user
    }

    /// The account for these credentials, and the secret that names this browser or app at its
    /// next login. Attempts are throttled per client address and per account — or, from a
    /// device that signed in to the account before (`device`: its cookie or `deviceToken`),
    /// per that device, so someone guessing from elsewhere cannot lock the owner out. Each
    /// attempt takes an allowance before the password is checked; a correct one gives it back.
    func authenticate(email rawEmail: String, password: String, device secret: String? = nil) async throws -> (user: User, device: String) {
        let email = rawEmail.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let user = try await User.query(on: request.db).filter(\.$email == email).first()
        let devices = LoginDevices(database: request.db, now: request.now)
        let known = try await devices.device(secret, of: user?.id)
        guard try await verifyThrottled(password, of: user, buckets: loginBuckets(email: email, device: known)), let user else {
            throw AppError.invalidCredentials
        }
        return (user, try await devices.remember(try user.requireID(), replacing: known))
    }

    /// Checks a password against `user`'s hash (or a fixed hash when there is no such user, so
    /// timing does not tell). Every check takes an allowance from `buckets` *before* bcrypt
    /// runs, and a correct password gives it back, so only failures count; 429 when a bucket
    /// is empty.
    func verifyThrottled(_ password: String, of user: User?, buckets: [ThrottleBucket]) async throws -> Bool {
        if let wait = try await request.throttle.take(buckets) {
            throw AppError.tooManyAttempts(retryAfter: wait, localizer: request.localizer)
        }
        let hash = if let user { user.passwordHash } else { try await request.application.unknownAccountHash() }
        let verified = try await request.password.async.verify(password, created: hash)
        if verified, user != nil { try await request.throttle.giveBack(buckets) }
        return verified && user != nil
    }

    /// The buckets a login attempt draws on: the account's shared one, or a known device's own;
    /// and the client address's.
    private func loginBuckets(email: String, device: LoginDevice?) -> [ThrottleBucket] {
        let configuration = request.application.kineticConfiguration
        let refill = configuration.loginRefillSeconds
        let key = device?.id.map { "device:" + $0.uuidString.lowercased() } ?? "account:" + email.lowercased()
        let own = ThrottleBucket(key: key, capacity: configuration.loginBurstPerAccount, refillSeconds: refill)
        guard let address = request.remoteAddress?.ipAddress else { return [own] }
        return [own, ThrottleBucket(key: "address:" + address, capacity: configuration.loginBurstPerAddress, refillSeconds: refill)]
    }

    /// The buckets of a signed-in user confirming their password (a change of password or
    /// address): their own, which no one signed out can empty.
    func confirmationBuckets(of user: User) throws -> [ThrottleBucket] {
        let configuration = request.application.kineticConfiguration
        return [
            ThrottleBucket(
                key: "confirm-password:" + (try user.requireID()).uuidString.lowercased(), capacity: configuration.loginBurstPerAccount,
                refillSeconds: configuration.loginRefillSeconds)
        ]
    }

    /// Starts a new browser session (a new id every time) and sets its cookie on `response`.
    func startWebSession(for user: User, on response: Response) async throws {
        if let previous = request.webSession { try await previous.delete(on: request.db) }
        try await WebSession.query(on: request.db).filter(\.$expiresAt < request.now).delete()
        let secret = SecretToken.generate()
        let configuration = request.application.kineticConfiguration
        let lifetime = configuration.sessionLifetime
        let now = request.now
        let session = WebSession(
            tokenHash: SecretToken.digest(secret), userID: try user.requireID(), csrfToken: SecretToken.generate(),
            expiresAt: now.addingTimeInterval(lifetime),
            idleExpiresAt: now.addingTimeInterval(min(lifetime, configuration.sessionIdleTimeout))
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
    /// `label` names it in the token list; without one, the client's `User-Agent` does.
    func issueAPIToken(for user: User, label: String?) async throws -> String {
        let secret = SecretToken.generate()
        let now = request.now
        let name = (label ?? request.headers.first(name: .userAgent)).map { String($0.prefix(APITokenLabel.maximumLength)) }
        let token = APIToken(
            tokenHash: SecretToken.digest(secret), userID: try user.requireID(),
            label: name,
            expiresAt: now.addingTimeInterval(request.application.kineticConfiguration.apiTokenLifetime), createdAt: now
        )
        try await token.create(on: request.db)
        try await APIToken.query(on: request.db).filter(\.$user.$id == user.requireID()).filter(\.$expiresAt < now).delete()
        return secret
    }
}
