import Fluent
import KineticCore
import SQLKit
import Vapor

/// Address ownership: links that confirm an address, reset a password or invite someone, and
/// what an account may do before its address is confirmed (see ``User/emailVerifiedAt``).
extension AccountService {
    /// Sends the link that confirms `email` (the account's own address, or a new one it asked
    /// for, which takes effect when the link is opened). Throttled per account; 503 when this
    /// server sends no e-mail. For the address an account claims (``User/addressClaim``) the
    /// owner gets word of the sign-up instead, answered and throttled the same.
    func sendAddressConfirmation(to user: User, email: String? = nil) async throws {
        guard let mailer = mailer else { throw AppError.mailUnavailable }
        let userID = try user.requireID()
        let address = email ?? user.shownEmail
        // Per account and per address: no one makes Kinetic mail an address over and over.
        if let wait = try await throttle.take([
            ThrottleBucket(key: "confirm:\(userID.uuidString.lowercased())", capacity: 3, refillSeconds: 600),
            ThrottleBucket(key: "confirm-to:" + address, capacity: 3, refillSeconds: 8 * 3600),
        ]) {
            throw AppError.tooManyAttempts(retryAfter: wait, localizer: localizer, messageKey: "error.mail.throttled")
        }
        // An address that asked for no more e-mail from Kinetic gets none, links included.
        guard try await !MailRecipients(database: database).hasOptedOut(address) else { throw AppError.mailOptedOut }
        if address == user.addressClaim, let owner = try await User.query(on: database).filter(\.$email == address).first() {
            try await send(
                mailer, .signUpAttempt(email: address, name: owner.isVerified ? owner.name : nil), to: address,
                link: SiteURL.login.path, for: owner)
            return
        }
        // A claimed address whose owner let it go is confirmed like any other (the link makes it the account's).
        let secret = try await AccountTokens(database: database, now: now)
            .issue(.confirmAddress, userID: userID, email: address, lifetime: AddressOwnership.confirmationLifetime)
        // The name is whatever the account typed: not a word of it goes to an address nobody confirmed.
        try await send(
            mailer, .confirmAddress(email: address, isChange: address != user.shownEmail), to: address,
            link: SiteURL.confirmAddress(token: secret).path, for: user)
    }

    /// A new address for `user` (its password confirmed): where this server sends e-mail, the
    /// link goes to it and the address changes when it is opened (true: the caller leaves the
    /// address as it is); elsewhere nothing happens here (false: it changes at once,
    /// unconfirmed). 409 when another account has it. The link goes before anything else of
    /// the change is applied, so a link that cannot go changes nothing.
    func requestAddressChange(of user: User, to email: String) async throws -> Bool {
        guard mailer != nil else { return false }
        try await countAddressLookup(email, by: user)
        guard try await User.query(on: database).filter(\.$email == email).first() == nil else { throw AppError.emailTaken }
        try await sendAddressConfirmation(to: user, email: email)
        return true
    }

    /// Counts a look at whether `email` has an account, as a change to it tells
    /// (``AddressLookups``); 429 once the user's or the network's lookups are spent.
    func countAddressLookup(_ email: String, by user: User) async throws {
        let lookups = AddressLookups(throttle: throttle, userID: try user.requireID(), client: client.address)
        if let wait = try await lookups.count([email]) {
            throw AppError.tooManyAttempts(retryAfter: wait, localizer: localizer, messageKey: "error.lookups.throttled")
        }
    }

    /// After an open sign-up: sends the link that confirms the new account's address when this
    /// server sends e-mail. Whether it went; a failure is logged, and the account can ask again.
    @discardableResult
    func sendConfirmationAfterSignUp(_ user: User) async -> Bool {
        guard mailer != nil, !user.isVerified else { return false }
        do {
            try await sendAddressConfirmation(to: user)
            return true
        } catch {
            return false
        }
    }

    /// Opens a confirmation link: the account's address is confirmed, or changes to the new one
    /// it asked for (409 when another account took that one meanwhile). In-app wishes waiting
    /// for the address are delivered at once. 410 for a link that expired or was used.
    @discardableResult
    func confirmAddress(secret: String) async throws -> User {
        let tokens = AccountTokens(database: database, now: now)
        return try await database.writeTransaction { database in
            guard let token = try await tokens.redeem(secret, .confirmAddress, on: database), let userID = token.userID,
                let user = try await User.find(userID, on: database)
            else { throw AppError.linkInvalid }
            if token.email != user.email {
                guard try await User.query(on: database).filter(\.$email == token.email).first() == nil else { throw AppError.emailTaken }
                user.email = token.email
                user.addressClaim = nil
            }
            user.emailVerifiedAt = now
            do { try await user.save(on: database) } catch let error as DatabaseError where error.isConstraintFailure {
                throw AppError.emailTaken
            }
            try await KineticModules.addressConfirmed(user.email, on: database, now: now)
            signedInTokens.forget(userID: userID)
            return user
        }
    }

    /// Forgot password: when an account has `email`, sends it a link that sets a new password
    /// (one hour, once). The answer is the same whether or not an account has the address, and
    /// for what is no address at all (nothing is sent or counted then).
    ///
    /// Throttled so that a stranger can neither mail an address over and over nor use up its
    /// owner's links: per address from each client network (3, one back every 20 minutes) and
    /// per client network (10); per address from everyone (10, one back every 6 minutes) —
    /// except from a device that signed in to the account before (`device`: its cookie or
    /// `deviceToken`), which has its own 3 instead, so the owner always gets a link.
    func requestPasswordReset(email rawEmail: String, device secret: String? = nil) async throws {
        guard let mailer = mailer else { throw AppError.mailUnavailable }
        let email = rawEmail.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        // No address: answered the same, and never a throttle's key.
        guard EmailAddressSyntax.normalized(email) == email else { return }
        let owner = try await User.query(on: database).filter(\.$email == email).first()
        let known = try await LoginDevices(database: database, now: now).device(secret, of: owner?.id)
        var buckets: [ThrottleBucket] = []
        if let id = known?.id {
            buckets.append(ThrottleBucket(key: "reset-device:" + id.uuidString.lowercased(), capacity: 3, refillSeconds: 1200))
        } else {
            buckets.append(ThrottleBucket(key: "reset:" + email, capacity: 10, refillSeconds: 360))
            buckets.append(ThrottleBucket(key: "reset-from:\(client.address ?? "unknown") \(email)", capacity: 3, refillSeconds: 1200))
        }
        if let address = client.address {
            buckets.append(ThrottleBucket(key: "reset-address:" + address, capacity: 10, refillSeconds: 360))
        }
        if let wait = try await throttle.take(buckets) {
            throw AppError.tooManyAttempts(retryAfter: wait, localizer: localizer, messageKey: "error.mail.throttled")
        }
        guard let user = owner,
            try await !MailRecipients(database: database).hasOptedOut(email)
        else { return }
        let secret = try await AccountTokens(database: database, now: now)
            .issue(.resetPassword, userID: try user.requireID(), email: email, lifetime: AddressOwnership.passwordResetLifetime)
        // Sent after the answer, so neither its time nor its failure tells that an account has the address.
        let localizer = mailLocalizer(for: user)
        let link = SiteURL.resetPassword(token: secret).path
        let name = user.isVerified ? user.name : nil
        Task {
            do { try await mailer.send(.resetPassword(name: name), to: email, link: link, localizer: localizer, now: now) } catch {
                logger.warning("A password reset link to \(email) was not sent: \(error)")
            }
        }
    }

    /// Sets a new password with a reset link: the link reached the address, so the address is
    /// confirmed too, and every session and token of the account ends (whoever signed up with
    /// someone else's address loses it to its owner). 410 for a link that expired or was used.
    @discardableResult
    func resetPassword(secret: String, newPassword: String) async throws -> User {
        if let problem = passwordPolicy.problem(newPassword) {
            throw AppError.validation(FieldErrors(["password": problem]))
        }
        let hash = try await passwords.hash(newPassword)
        let tokens = AccountTokens(database: database, now: now)
        let user = try await database.writeTransaction { database in
            guard let token = try await tokens.redeem(secret, .resetPassword, on: database), let userID = token.userID,
                let user = try await User.find(userID, on: database), user.email == token.email
            else { throw AppError.linkInvalid }
            user.passwordHash = hash
            user.emailVerifiedAt = user.emailVerifiedAt ?? now
            try await user.save(on: database)
            try await WebSession.query(on: database).filter(\.$user.$id == userID).delete()
            try await APIToken.query(on: database).filter(\.$user.$id == userID).delete()
            try await LoginDevices(database: database, now: now).forgetAll(of: userID)
            try await KineticModules.addressConfirmed(user.email, on: database, now: now)
            return user
        }
        signedInTokens.forget(userID: try user.requireID())
        return user
    }

    /// The invitation for `secret` when it is valid for `email`; 403 otherwise.
    func invitation(_ secret: String?, for email: String) async throws -> AccountToken {
        guard let secret, !secret.isEmpty,
            let token = try await AccountTokens(database: database, now: now).valid(secret, .invitation)
        else {
            throw AppError.invitationRequired
        }
        guard token.email == email else { throw AppError.invitationForAnotherAddress }
        return token
    }

    /// The language of an account's e-mails: its own, else this request's.
    private func mailLocalizer(for user: User) -> Localizer {
        Localizer(language: user.appLanguage ?? localizer.language, catalog: catalog)
    }

    private func send(
        _ mailer: AccountMailer, _ message: AccountMailer.Message, to address: String, link: String, for user: User
    ) async throws {
        do {
            try await mailer.send(message, to: address, link: link, localizer: mailLocalizer(for: user), now: now)
        } catch let notSent as AccountMailer.NotSent {
            logger.warning("An account e-mail to \(address) was not sent: \(notSent.reason)")
            throw AppError.mailNotSent
        }
    }
}
