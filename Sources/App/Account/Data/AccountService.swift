import Fluent
import KineticCore
import Vapor

/// The Account module's operations: signing up and in, passwords, API tokens, confirming
/// addresses and resetting passwords. Made once per request (`request.account()`) from the
/// database, the clock, the configuration and the clients it needs (the password hasher, the
/// throttle, the mailer); the web forms and the API both call it. Sessions and cookies are the
/// web controllers' (`Request.startWebSession(for:on:)`).
struct AccountService {
    /// Who is asking: the client's address as per-address limits count it (an IPv6 client by
    /// its /64: ``Request/clientLimitKey``) and the session or token it came with.
    struct Client: Sendable {
        var address: String?
        /// The client's network (``ClientAddress/network(of:)``), kept with a new account.
        var network: String?
        var userAgent: String?
        var webSessionID: UUID?
        var apiTokenID: UUID?
    }

    let database: any Database
    let now: Date
    let configuration: KineticConfiguration
    /// The request's language, for messages and for e-mails to accounts that chose none.
    let localizer: Localizer
    let logger: Logger
    let client: Client
    /// bcrypt, off the event loop.
    let passwords: AsyncPasswordHasher
    let throttle: Throttle
    let signedInTokens: SignedInTokens
    let passwordPolicy: PasswordPolicy
    /// The hash checked when no account has the address, so timing does not tell.
    let unknownAccountHash: @Sendable () async throws -> String
    /// Nil when the server sends no e-mail.
    let mailer: AccountMailer?
    let catalog: StringCatalog

    /// Creates an account from validated input. Sign-ups are throttled per client address.
    ///
    /// An address another account has is answered as a free one where that cannot tell a
    /// stranger which addresses have accounts: on an open server that sends e-mail the new
    /// account claims it (``User/claiming(_:name:passwordHash:)``) and the address's owner is
    /// told instead of sent a link (by the caller, through ``sendConfirmationAfterSignUp(_:)``).
    /// By invitation, or without e-mail (no way to tell the owner), it is 409.
    ///
    /// As the server's sign-up mode says (``SignUpMode``): open, the address waits for the link
    /// sent to it (``AccountService/sendAddressConfirmation(to:email:)``, by the caller);
    /// by invitation, `invitation` must be one for this address, which then counts as confirmed;
    /// closed, 403.
    func signUp(_ input: SignUpRequest, timeZone: String? = nil, invitation: String? = nil) async throws -> User {
        let configuration = configuration
        if configuration.signUpMode == .closed { throw AppError.signUpClosed }
        if configuration.signUpMode == .invite { _ = try await self.invitation(invitation, for: input.email) }
        if let address = client.address,
            let wait = try await throttle.take([
                ThrottleBucket(
                    key: "signup:" + address, capacity: configuration.signUpBurstPerAddress,
                    refillSeconds: configuration.signUpRefillSeconds)
            ])
        {
            throw AppError.tooManyAttempts(retryAfter: wait, localizer: localizer, messageKey: "error.signUp.throttled")
        }
        let taken = try await User.query(on: database).filter(\.$email == input.email).first() != nil
        let claimsTakenAddresses = configuration.signUpMode == .open && mailer != nil
        if taken, !claimsTakenAddresses { throw AppError.emailTaken }
        let hash = try await passwords.hash(input.password)
        let made = { (claim: Bool) in
            let user =
                claim
                ? User.claiming(input.email, name: input.name, passwordHash: hash)
                : User(name: input.name, email: input.email, passwordHash: hash)
            user.timeZoneIdentifier = timeZone
            user.createdAt = now
            user.signUpNetwork = client.network
            return user
        }
        do {
            return try await create(made(taken), invitation: invitation)
        } catch let error as DatabaseError where error.isConstraintFailure {
            // Another sign-up took the address a moment ago.
            guard claimsTakenAddresses, !taken else { throw AppError.emailTaken }
            return try await create(made(true), invitation: invitation)
        }
    }

    /// Stores a new account with its first month's goals, redeeming its invitation on an
    /// invite-only server (which confirms its address).
    private func create(_ user: User, invitation: String?) async throws -> User {
        let month = UserCalendar(timeZone: user.timeZone ?? configuration.timeZone, now: now).currentMonth
        let tokens = AccountTokens(database: database, now: now)
        try await database.writeTransaction { transaction in
            if configuration.signUpMode == .invite {
                // Used once: a second sign-up with the same link finds it used.
                guard let invitation, try await tokens.redeem(invitation, .invitation, on: transaction) != nil else {
                    throw AppError.linkInvalid
                }
                user.emailVerifiedAt = now
            }
            try await user.create(on: transaction)
            let goals = MonthGoals(jumpGoal: user.jumpGoal, calorieGoal: user.calorieGoal)
            try await GoalsRepository(database: transaction, userID: try user.requireID()).setGoals(goals, for: month)
        }
        if user.isVerified { try await KineticModules.addressConfirmed(user.email, on: database, now: now) }
        return user
    }

    /// The account for these credentials, and the secret that names this browser or app at its
    /// next login. Attempts are throttled per client address and per account — or, from a
    /// device that signed in to the account before (`device`: its cookie or `deviceToken`),
    /// per that device, so someone guessing from elsewhere cannot lock the owner out. Each
    /// attempt takes an allowance before the password is checked; a correct one gives it back.
    ///
    /// The newest account that signed up with the address while another had it
    /// (``User/addressClaim``) signs in with it too, with its own password — but never on a
    /// device of the owner's, so an owner typing an old password on their own phone lands in
    /// no one else's account; and on the claimant's device only the claimant signs in. Every
    /// attempt checks two hashes (the owner's or a stand-in, the claimant's or a stand-in), so
    /// timing tells neither whether the address has an account nor whether it is claimed.
    /// Placeholder addresses (`.invalid`) name no account.
    func authenticate(email rawEmail: String, password: String, device secret: String? = nil) async throws -> (user: User, device: String) {
        let email = rawEmail.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let named = !email.hasSuffix(".invalid")
        let owner = named ? try await User.query(on: database).filter(\.$email == email).first() : nil
        let claimant =
            named
            ? try await User.query(on: database).filter(\.$addressClaim == email).sort(\.$createdAt, .descending).first() : nil
        let devices = LoginDevices(database: database, now: now)
        let ownersDevice = try await devices.device(secret, of: owner?.id)
        let claimantsDevice = ownersDevice == nil ? try await devices.device(secret, of: claimant?.id) : nil
        let buckets = loginBuckets(email: email, device: ownersDevice ?? claimantsDevice)
        if let wait = try await throttle.take(buckets) {
            throw AppError.tooManyAttempts(retryAfter: wait, localizer: localizer)
        }
        let standIn = try await unknownAccountHash()
        // On a claimant's own device (its own attempts) only the claimant's password counts:
        // otherwise each fresh device of a claimant would be five more guesses at the owner's.
        let ownersHash = claimantsDevice == nil ? owner?.passwordHash : nil
        async let ownersMatches = passwords.verify(password, created: ownersHash ?? standIn)
        async let claimantsMatches = passwords.verify(password, created: claimant?.passwordHash ?? standIn)
        let (isOwner, isClaimant) = try await (ownersMatches, claimantsMatches)
        let signedIn: (user: User, device: LoginDevice?)
        if isOwner, let owner, ownersHash != nil {
            signedIn = (owner, ownersDevice)
        } else if isClaimant, let claimant, ownersDevice == nil {
            signedIn = (claimant, claimantsDevice)
        } else {
            throw AppError.invalidCredentials
        }
        try await throttle.giveBack(buckets)
        return (signedIn.user, try await devices.remember(try signedIn.user.requireID(), replacing: signedIn.device))
    }

    /// Checks a password against `user`'s hash (or a fixed hash when there is no such user, so
    /// timing does not tell). Every check takes an allowance from `buckets` *before* bcrypt
    /// runs, and a correct password gives it back, so only failures count; 429 when a bucket
    /// is empty.
    func verifyThrottled(_ password: String, of user: User?, buckets: [ThrottleBucket]) async throws -> Bool {
        if let wait = try await throttle.take(buckets) {
            throw AppError.tooManyAttempts(retryAfter: wait, localizer: localizer)
        }
        let hash = if let user { user.passwordHash } else { try await unknownAccountHash() }
        let verified = try await passwords.verify(password, created: hash)
        if verified, user != nil { try await throttle.giveBack(buckets) }
        return verified && user != nil
    }

    /// The buckets a login attempt draws on: the account's shared one, or a known device's own;
    /// and the client address's.
    private func loginBuckets(email: String, device: LoginDevice?) -> [ThrottleBucket] {
        let configuration = configuration
        let refill = configuration.loginRefillSeconds
        let key = device?.id.map { "device:" + $0.uuidString.lowercased() } ?? "account:" + email.lowercased()
        let own = ThrottleBucket(key: key, capacity: configuration.loginBurstPerAccount, refillSeconds: refill)
        guard let address = client.address else { return [own] }
        return [own, ThrottleBucket(key: "address:" + address, capacity: configuration.loginBurstPerAddress, refillSeconds: refill)]
    }

    /// The buckets of a signed-in user confirming their password (a change of password or
    /// address): their own, which no one signed out can empty.
    func confirmationBuckets(of user: User) throws -> [ThrottleBucket] {
        let configuration = configuration
        return [
            ThrottleBucket(
                key: "confirm-password:" + (try user.requireID()).uuidString.lowercased(), capacity: configuration.loginBurstPerAccount,
                refillSeconds: configuration.loginRefillSeconds)
        ]
    }

    /// Issues a new API token and returns its secret (shown once; only the digest is stored).
    /// `label` names it in the token list; without one, the client's `User-Agent` does.
    func issueAPIToken(for user: User, label: String?) async throws -> String {
        let secret = SecretToken.generate()
        let name = (label ?? client.userAgent).map { String($0.prefix(APITokenLabel.maximumLength)) }
        let token = APIToken(
            tokenHash: SecretToken.digest(secret), userID: try user.requireID(),
            label: name,
            expiresAt: now.addingTimeInterval(configuration.apiTokenLifetime), createdAt: now
        )
        try await token.create(on: database)
        try await APIToken.query(on: database).filter(\.$user.$id == user.requireID()).filter(\.$expiresAt < now).delete()
        return secret
    }
}

extension Request {
    /// The Account module's operations for this request's client.
    func account() -> AccountService {
        let application = application
        return AccountService(
            database: db, now: now, configuration: application.kineticConfiguration, localizer: localizer, logger: logger,
            client: .init(
                address: clientLimitKey, network: clientAddress.flatMap(ClientAddress.network(of:)),
                userAgent: headers.first(name: .userAgent), webSessionID: webSession?.id,
                apiTokenID: apiTokenID),
            passwords: password.async, throttle: throttle, signedInTokens: application.signedInTokens,
            passwordPolicy: application.passwordPolicy, unknownAccountHash: { try await application.unknownAccountHash() },
            mailer: application.accountMailer, catalog: application.stringCatalog)
    }
}
