import Fluent
import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// Address ownership with a real SMTP peer: the link that confirms an address, forgot password,
/// a changed address, and the sign-up modes.
@Suite struct AddressOwnershipTests {
    @Test func signUp_sendsALink_andOnlyOpeningItConfirmsTheAddress() async throws {
        let mailbox = try Mailbox()
        try await withKinetic(adjust: mailbox.configure) { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com", confirmed: false)
            let profile = try await app.json(.GET, "/api/v1/profile", token: ann.token).decoded(as: Components.Schemas.Profile.self)
            #expect(!profile.emailVerified)
            let message = try #require(try mailbox.messages(to: "ann@example.com").first)
            #expect(message.subject == "Confirm your address for Kinetic")
            let token = try #require(try await mailbox.lastToken(to: "ann@example.com", after: "/address/"))

            // Until then: e-mail and Connections are refused, in-app is not.
            let email = try await app.json(.POST, "/api/v1/wishes", body: wishBody(channels: ["email"]), token: ann.token)
            #expect(email.status == .unprocessableEntity)
            #expect(
                try email.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties["reach"]
                    == "Confirm your own address to e-mail friend@example.com: until then wishes go only to Kinetic inboxes.")
            // Left to Kinetic, an outside address is then reached in the app, where it waits for its owner.
            let automatic = try await app.json(
                .POST, "/api/v1/wishes", body: wishBody(channels: []).filter { $0.key != "channels" }, token: ann.token)
            #expect(automatic.status == .created)
            #expect(try automatic.decoded(as: Components.Schemas.Wish.self).to.first?.reach == .inApp)
            #expect(try await app.json(.POST, "/api/v1/wishes", body: wishBody(channels: ["in-app"]), token: ann.token).status == .created)

            // The link's page asks first (a mail scanner opening it confirms nothing).
            let page = try await app.testing().sendRequest(.GET, "/address/\(token)")
            #expect(page.status == .ok && page.body.string.contains("Confirm my address"))
            #expect(try await User.query(on: app.db).filter(\.$email == "ann@example.com").first()?.isVerified == false)

            let confirmed = try await app.json(.POST, "/api/v1/address/confirmations", body: ["token": token])
            #expect(confirmed.status == .ok)
            #expect(try confirmed.decoded(as: Components.Schemas.Profile.self).emailVerified)
            #expect(try await app.json(.POST, "/api/v1/address/confirmations", body: ["token": token]).status == .gone, "once only")
            #expect(try await app.testing().sendRequest(.GET, "/address/\(token)").status == .gone)
            #expect(try await app.json(.POST, "/api/v1/address/confirmation-links", token: ann.token).status == .conflict)
        }
    }

    /// Sign-up tells no one which addresses have accounts: a taken address is answered as a free
    /// one, the new account never gets it, and its owner hears of the sign-up.
    @Test func signUpWithATakenAddress_isAnsweredAsANewOne_andTheOwnerIsTold() async throws {
        let mailbox = try Mailbox()
        try await withKinetic(adjust: mailbox.configure) { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com", password: "anns-own-password")
            let signUp = { (name: String, email: String) in
                try await app.json(.POST, "/api/v1/accounts", body: ["name": name, "email": email, "password": "eves-long-password"])
            }
            let fresh = try await signUp("Fay", "fay@example.com")
            let eve = try await signUp("Eve", "Ann@Example.com")
            #expect(eve.status == fresh.status && eve.status == .created)
            let eveAuth = try eve.decoded(as: Components.Schemas.AuthResponse.self)
            let fay = try fresh.decoded(as: Components.Schemas.AuthResponse.self).profile
            #expect(eveAuth.customerId != ann.customerId)
            #expect(eveAuth.profile.email == "ann@example.com" && !eveAuth.profile.emailVerified && eveAuth.profile.pendingEmail == nil)
            #expect(!fay.emailVerified && fay.pendingEmail == nil)
            #expect(try await User.query(on: app.db).filter(\.$email == "ann@example.com").count() == 1, "the owner's alone")

            // The owner is told, with no link to anything of the new account.
            let notice = try #require(try mailbox.messages(to: "ann@example.com").last)
            #expect(notice.subject == "Someone signed up with your address")
            #expect(notice.text?.contains("http://kinetic.test/login") == true)
            #expect(notice.text?.contains("/address/") == false)
            #expect(try mailbox.messages(to: "fay@example.com").first?.subject == "Confirm your address for Kinetic")

            // The new account shows the address as its own and signs in with it; the owner too.
            let eveProfile = try await app.json(.GET, "/api/v1/profile", token: eveAuth.token).decoded(as: Components.Schemas.Profile.self)
            #expect(eveProfile.email == "ann@example.com")
            let browser = WebClient(app: app)
            try await browser.logIn(email: "ann@example.com", password: "eves-long-password")
            let settings = try await browser.get("/settings").body.string
            #expect(settings.contains("ann@example.com") && settings.contains("Eve") && !settings.contains("unclaimed"))
            let asEve = try await app.json(.POST, "/api/v1/login", body: ["email": "ann@example.com", "password": "eves-long-password"])
            #expect(try asEve.decoded(as: Components.Schemas.AuthResponse.self).customerId == eveAuth.customerId)
            let asAnn = try await app.json(.POST, "/api/v1/login", body: ["email": "ann@example.com", "password": "anns-own-password"])
            #expect(try asAnn.decoded(as: Components.Schemas.AuthResponse.self).customerId == ann.customerId)
            let wrong = try await app.json(.POST, "/api/v1/login", body: ["email": "ann@example.com", "password": "nobodys-password"])
            #expect(wrong.status == .unauthorized)

            // Sending the link again tells the owner again; a reset link goes to the owner's account.
            let again = try await app.json(.POST, "/api/v1/address/confirmation-links", token: eveAuth.token)
            let fayAgain = try await app.json(
                .POST, "/api/v1/address/confirmation-links",
                token: try fresh.decoded(as: Components.Schemas.AuthResponse.self).token)
            #expect(again.status == fayAgain.status)
            #expect(try mailbox.messages(to: "ann@example.com").filter { $0.subject == "Someone signed up with your address" }.count == 2)
            _ = try await app.json(.POST, "/api/v1/password/reset-links", body: ["email": "ann@example.com"])
            let reset = try #require(try await mailbox.lastToken(to: "ann@example.com", after: "/password/reset/"))
            #expect(
                try await app.json(.POST, "/api/v1/password/resets", body: ["token": reset, "password": "anns-newer-password"]).status
                    == .noContent)
            #expect(
                try await app.json(.POST, "/api/v1/login", body: ["email": "ann@example.com", "password": "anns-newer-password"])
                    .decoded(as: Components.Schemas.AuthResponse.self).customerId == ann.customerId)

            // An address of its own, confirmed, makes it an ordinary account.
            let changed = try await app.json(
                .PUT, "/api/v1/profile", body: ["email": "eve@example.com", "currentPassword": "eves-long-password"], token: eveAuth.token)
            #expect(try changed.decoded(as: Components.Schemas.Profile.self).pendingEmail == "eve@example.com")
            let link = try #require(try await mailbox.lastToken(to: "eve@example.com", after: "/address/"))
            let confirmed = try await app.json(.POST, "/api/v1/address/confirmations", body: ["token": link])
                .decoded(as: Components.Schemas.Profile.self)
            #expect(confirmed.email == "eve@example.com" && confirmed.emailVerified && confirmed.customerId == eveAuth.customerId)
            #expect(try await User.find(UUID(uuidString: eveAuth.customerId), on: app.db)?.addressClaim == nil)
        }
    }

    /// A claim cannot trap its owner or tell on itself: no sign-in on the owner's device or by
    /// its placeholder; its own device has its own attempts, which guess only its own password;
    /// and an address its owner let go becomes the claimant's through the usual link.
    @Test func aClaim_signsInNowhereOfTheOwners_itsDeviceGuessesOnlyItsOwn_andItGetsTheAddressOnceFree() async throws {
        let mailbox = try Mailbox()
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock, adjust: mailbox.configure) { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com", password: "anns-own-password")
            let annLogin = try await app.json(.POST, "/api/v1/login", body: ["email": "ann@example.com", "password": "anns-own-password"])
            var annsDevice = try #require(try annLogin.decoded(as: Components.Schemas.AuthResponse.self).deviceToken)
            // Eve claims the address with a password Ann once had.
            let eve = try await app.json(
                .POST, "/api/v1/accounts", body: ["name": "Ann", "email": "ann@example.com", "password": "anns-old-password"]
            ).decoded(as: Components.Schemas.AuthResponse.self)
            let login = { (password: String, device: String?) in
                try await app.json(
                    .POST, "/api/v1/login",
                    body: ["email": "ann@example.com", "password": password].merging(device.map { ["deviceToken": $0] } ?? [:]) { $1 })
            }
            // Ann typing her old password on her own phone lands nowhere.
            #expect(try await login("anns-old-password", annsDevice).status == .unauthorized)
            let fromElsewhere = try await login("anns-old-password", nil)
            let eveAuth = try fromElsewhere.decoded(as: Components.Schemas.AuthResponse.self)
            #expect(eveAuth.customerId == eve.customerId)
            // The placeholder names no account.
            let placeholder = try #require(try await User.find(UUID(uuidString: eve.customerId), on: app.db)?.email)
            #expect(placeholder.hasSuffix(User.unclaimedAddressSuffix) && !placeholder.contains(eve.customerId))
            #expect(
                try await app.json(.POST, "/api/v1/login", body: ["email": placeholder, "password": "anns-old-password"]).status
                    == .unauthorized)
            // Strangers using up the address's attempts leave Eve's own device its own, as Ann's.
            for _ in 0..<6 { _ = try await login("a-wrong-password", nil) }
            #expect(try await login("anns-old-password", nil).status == .tooManyRequests)
            let eveAgain = try await login("anns-old-password", try #require(eveAuth.deviceToken))
            let evesDevice = try #require(try eveAgain.decoded(as: Components.Schemas.AuthResponse.self).deviceToken)
            #expect(try eveAgain.decoded(as: Components.Schemas.AuthResponse.self).customerId == eve.customerId)
            let annAgain = try await login("anns-own-password", annsDevice).decoded(as: Components.Schemas.AuthResponse.self)
            #expect(annAgain.customerId == ann.customerId)
            annsDevice = try #require(annAgain.deviceToken)
            // Eve's device has attempts of its own, so on it only Eve's password counts: Ann's right
            // one there is no sign-in (else each new device of Eve's would be more guesses at it).
            #expect(try await login("anns-own-password", evesDevice).status == .unauthorized)
            // `verify-all` vouches for accounts, not for claims.
            var context = CommandContext(console: app.console, input: CommandInput(arguments: ["kinetic"]))
            context.application = app
            try await VerifyAllAddressesCommand().run(using: context, signature: .init())
            #expect(try await User.find(UUID(uuidString: eve.customerId), on: app.db)?.isVerified == false)

            clock.advance(by: 3600) // the address's attempts come back

            // Ann resets her password (her devices are forgotten); Eve's claim goes on.
            _ = try await app.json(.POST, "/api/v1/password/reset-links", body: ["email": "ann@example.com", "deviceToken": annsDevice])
            let reset = try #require(try await mailbox.lastToken(to: "ann@example.com", after: "/password/reset/"))
            _ = try await app.json(.POST, "/api/v1/password/resets", body: ["token": reset, "password": "anns-newer-password"])
            let annNow = try await login("anns-newer-password", nil).decoded(as: Components.Schemas.AuthResponse.self)
            #expect(annNow.customerId == ann.customerId)
            annsDevice = try #require(annNow.deviceToken)
            #expect(try await app.json(.GET, "/api/v1/profile", token: eve.token).status == .ok)

            // Once Ann moves to another address, a claim of the old one is confirmed by its link.
            let carl = try await app.json(
                .POST, "/api/v1/accounts", body: ["name": "Carl", "email": "ann@example.com", "password": "carls-long-password"]
            ).decoded(as: Components.Schemas.AuthResponse.self)
            let annToken = try await login("anns-newer-password", annsDevice).decoded(as: Components.Schemas.AuthResponse.self).token
            _ = try await app.json(
                .PUT, "/api/v1/profile", body: ["email": "ann@new.example", "currentPassword": "anns-newer-password"], token: annToken)
            let move = try #require(try await mailbox.lastToken(to: "ann@new.example", after: "/address/"))
            _ = try await app.json(.POST, "/api/v1/address/confirmations", body: ["token": move])
            clock.advance(by: 8 * 3600) // the address has had its three e-mails for now
            #expect(try await app.json(.POST, "/api/v1/address/confirmation-links", token: carl.token).status == .accepted)
            let link = try #require(try await mailbox.lastToken(to: "ann@example.com", after: "/address/"))
            let confirmed = try await app.json(.POST, "/api/v1/address/confirmations", body: ["token": link])
                .decoded(as: Components.Schemas.Profile.self)
            #expect(confirmed.customerId == carl.customerId && confirmed.email == "ann@example.com" && confirmed.emailVerified)
        }
    }

    @Test func forgotPassword_saysTheSameForAnyAddress_andItsLinkWorksOnceForAnHour() async throws {
        let mailbox = try Mailbox()
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock, adjust: mailbox.configure) { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com", confirmed: false)
            let known = try await app.json(.POST, "/api/v1/password/reset-links", body: ["email": "Ann@Example.com"])
            let unknown = try await app.json(.POST, "/api/v1/password/reset-links", body: ["email": "nobody@example.com"])
            #expect(known.status == .accepted && unknown.status == .accepted)
            #expect(known.body.string == unknown.body.string)
            #expect(try mailbox.messages(to: "nobody@example.com").isEmpty)
            let token = try #require(try await mailbox.lastToken(to: "ann@example.com", after: "/password/reset/"))

            let weak = try await app.json(.POST, "/api/v1/password/resets", body: ["token": token, "password": "short"])
            #expect(weak.status == .unprocessableEntity)
            #expect(
                try await app.json(.POST, "/api/v1/password/resets", body: ["token": token, "password": "a-brand-new-password"]).status
                    == .noContent)
            #expect(try await app.json(.GET, "/api/v1/profile", token: ann.token).status == .unauthorized, "every token ended")
            #expect(
                try await app.json(.POST, "/api/v1/password/resets", body: ["token": token, "password": "another-new-password"]).status
                    == .gone)
            let login = try await app.json(.POST, "/api/v1/login", body: ["email": "ann@example.com", "password": "a-brand-new-password"])
            #expect(login.status == .ok)
            #expect(try login.decoded(as: Components.Schemas.AuthResponse.self).profile.emailVerified, "the link reached the address")

            // A link expires after an hour.
            _ = try await app.json(.POST, "/api/v1/password/reset-links", body: ["email": "ann@example.com"])
            let late = try #require(try await mailbox.lastToken(to: "ann@example.com", after: "/password/reset/"))
            clock.advance(by: 3_601)
            #expect(
                try await app.json(.POST, "/api/v1/password/resets", body: ["token": late, "password": "too-late-password"]).status == .gone
            )
            #expect(try await app.testing().sendRequest(.GET, "/password/reset/\(late)").status == .gone)

            // Asking again and again is throttled, for known and unknown addresses alike.
            var statuses: [HTTPStatus] = []
            for _ in 0..<4 {
                statuses.append(try await app.json(.POST, "/api/v1/password/reset-links", body: ["email": "nobody@example.com"]).status)
            }
            #expect(statuses.last == .tooManyRequests)
        }
    }

    /// A stranger asking for someone's reset links uses up only their own share: the owner,
    /// from their own network, still gets a link; and once strangers on many networks have used
    /// up the address's shared allowance, the owner's device (the `deviceToken` of a login)
    /// still gets one. A text that is no address is answered the same and counts nowhere.
    @Test func aStrangersResetRequests_leaveTheOwnersLinksAlone() async throws {
        let mailbox = try Mailbox() // reset links need a mailer
        try await withKinetic(adjust: mailbox.configure) { app in
            app.kineticConfiguration.trustedProxies = ["127.0.0.1", "::1"]
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let login = try await app.json(.POST, "/api/v1/login", body: ["email": ann.email, "password": ann.password])
            let deviceToken = try #require(try login.jsonObject()["deviceToken"] as? String)
            func ask(from client: String, email: String = "ann@example.com", device: String? = nil) async throws -> HTTPStatus {
                let device = device.map { #","deviceToken":"\#($0)""# } ?? ""
                return try await app.testing(method: .running(port: 0)).sendRequest(
                    .POST, "/api/v1/password/reset-links",
                    headers: ["Content-Type": "application/json", "X-Forwarded-For": client],
                    body: ByteBuffer(string: #"{"email":"\#(email)"\#(device)}"#)
                ).status
            }
            // Each new link replaces the one before: which link is current tells whether one was made.
            func currentLink() async throws -> UUID? {
                try await AccountToken.query(on: app.db).filter(\.$purpose == AccountToken.Purpose.resetPassword.rawValue).first()?.id
            }
            var stranger: [HTTPStatus] = []
            for _ in 0..<4 { stranger.append(try await ask(from: "198.51.100.66")) }
            #expect(stranger == [.accepted, .accepted, .accepted, .tooManyRequests])
            #expect(try await ask(from: "198.51.100.66", email: "ann@example.com from:203.0.113.5") == .accepted, "no address")
            let strangers = try #require(try await currentLink())
            #expect(try await ask(from: "203.0.113.5") == .accepted)
            let owners = try #require(try await currentLink())
            #expect(owners != strangers, "the owner's own request made a new link")

            // Strangers on three more networks use up the address's shared ten.
            for network in ["198.51.100.67", "198.51.100.68", "198.51.100.69"] {
                for _ in 0..<3 { _ = try await ask(from: network) }
            }
            #expect(try await ask(from: "203.0.113.5") == .tooManyRequests)
            #expect(try await ask(from: "203.0.113.5", device: deviceToken) == .accepted)
            #expect(try await currentLink() != owners, "the owner's device made a new link")
        }
    }

    @Test func aNewAddress_takesEffectWhenItsLinkIsOpened() async throws {
        let mailbox = try Mailbox()
        try await withKinetic(adjust: mailbox.configure) { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let changed = try await app.json(
                .PUT, "/api/v1/profile", body: ["email": "ann@new.example", "currentPassword": ann.password], token: ann.token)
            #expect(changed.status == .ok)
            let profile = try changed.decoded(as: Components.Schemas.Profile.self)
            #expect(profile.email == "ann@example.com")
            #expect(profile.pendingEmail == "ann@new.example")
            #expect(profile.emailVerified)
            #expect(try mailbox.messages(to: "ann@new.example").first?.subject == "Confirm your new address for Kinetic")
            let token = try #require(try await mailbox.lastToken(to: "ann@new.example", after: "/address/"))
            let confirmed = try await app.json(.POST, "/api/v1/address/confirmations", body: ["token": token])
                .decoded(as: Components.Schemas.Profile.self)
            #expect(confirmed.email == "ann@new.example" && confirmed.emailVerified)
        }
    }

    @Test func withoutMail_anAddressChangesAtOnce_unconfirmed_andForgotPasswordSaysWhomToAsk() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let changed = try await app.json(
                .PUT, "/api/v1/profile", body: ["email": "ann@new.example", "currentPassword": ann.password], token: ann.token
            ).decoded(as: Components.Schemas.Profile.self)
            #expect(changed.email == "ann@new.example" && !changed.emailVerified)
            let forgot = try await app.json(.POST, "/api/v1/password/reset-links", body: ["email": "ann@new.example"])
            #expect(forgot.status == .serviceUnavailable)
            #expect(try forgot.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "mail_unavailable")
            let page = try await app.testing().sendRequest(.GET, "/password/forgot")
            #expect(page.body.string.contains("This server sends no e-mail"))
            // No way to tell the owner: a taken address is refused.
            let taken = try await app.json(
                .POST, "/api/v1/accounts", body: ["name": "Eve", "email": "ann@new.example", "password": "eves-long-password"])
            #expect(try taken.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "email_taken")
            #expect(try await app.testing().sendRequest(.GET, "/login").body.string.contains("/password/forgot") == false)
        }
    }

    @Test func signUpByInvitation_needsALinkForThatAddress_usedOnce() async throws {
        try await withKinetic(adjust: { $0.signUpMode = .invite }) { app in
            let body: [String: Any] = ["name": "Ann", "email": "ann@example.com", "password": "long-enough-pw"]
            let none = try await app.json(.POST, "/api/v1/accounts", body: body)
            #expect(none.status == .forbidden)
            #expect(try none.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "invitation_required")
            let invitation = try await AccountTokens(database: app.db, now: testNow)
                .issue(.invitation, userID: nil, email: "ann@example.com", lifetime: AddressOwnership.invitationLifetime)
            let elsewhere = try await app.json(
                .POST, "/api/v1/accounts",
                body: ["name": "Eve", "email": "eve@example.com", "password": "long-enough-pw", "invitation": invitation])
            #expect(try elsewhere.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "invitation_for_another_address")
            let page = try await app.testing().sendRequest(.GET, "/signup?invitation=\(invitation)")
            #expect(page.body.string.contains("You were invited as ann@example.com."))
            let invited = try await app.json(.POST, "/api/v1/accounts", body: body.merging(["invitation": invitation]) { $1 })
            #expect(invited.status == .created)
            #expect(try invited.decoded(as: Components.Schemas.AuthResponse.self).profile.emailVerified)
            let again = try await app.json(
                .POST, "/api/v1/accounts",
                body: ["name": "Ann 2", "email": "ann@example.com", "password": "long-enough-pw", "invitation": invitation])
            #expect(again.status == .forbidden)
        }
    }

    @Test func closedSignUp_refusesEveryone() async throws {
        try await withKinetic(adjust: { $0.signUpMode = .closed }) { app in
            let refused = try await app.json(
                .POST, "/api/v1/accounts", body: ["name": "Ann", "email": "ann@example.com", "password": "long-enough-pw"])
            #expect(refused.status == .forbidden)
            #expect(try refused.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "signup_closed")
            #expect(try await app.testing().sendRequest(.GET, "/signup").body.string.contains("Nobody signs up here."))
            #expect(try await User.query(on: app.db).count() == 0)
        }
    }

    private func wishBody(channels: [String]) -> [String: Any] {
        [
            "occasion": "birthday", "subject": "Hi", "message": "All the best", "recipients": ["friend@example.com"],
            "sendAt": "2027-01-16T09:00", "channels": channels,
        ]
    }
}
