import Fluent
import Foundation
import KineticCore
import Vapor

/// An account: login credentials, display name, language and fitness settings.
final class User: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "email") var email: String
    @Field(key: "password_hash") var passwordHash: String
    /// An ``AppLanguage`` code, or nil to follow the browser.
    @OptionalField(key: "language") var language: String?
    /// An IANA time zone identifier, or nil for the server's (`TZ`).
    @OptionalField(key: "time_zone") var timeZoneIdentifier: String?
    @OptionalField(key: "body_type") var bodyType: Int?
    @OptionalField(key: "height_inches") var heightInches: Int?
    @Field(key: "jump_goal") var jumpGoal: Int
    @Field(key: "calorie_goal") var calorieGoal: Int
    /// When the account was made, from Kinetic's clock (Fluent's `@Timestamp` reads the system's);
    /// a user's goal history starts in this month.
    @OptionalField(key: "created_at") var createdAt: Date?
    /// Whether the account administers the instance: imports and uploads the report library.
    /// Granted and revoked only from the command line (`kinetic admin`).
    @Field(key: "is_admin") var isAdmin: Bool
    /// When the account showed it owns ``email`` (a link sent there was opened, an invitation
    /// was accepted, or an administrator said so); nil until then. Until then it reaches no one
    /// outside Kinetic, in-app wishes to the address wait for the owner, and its address is
    /// shown to no one.
    @OptionalField(key: "email_verified_at") var emailVerifiedAt: Date?

    /// An administrator's quota for this account's songs and photos, in bytes; nil for the
    /// server's default (`KINETIC_STORAGE_QUOTA`).
    @OptionalField(key: "storage_quota_bytes") var storageQuotaBytes: Int64?

    /// The client network the account was made from (``ClientAddress/network(of:)``), nil
    /// from the machine itself or before it was kept.
    @OptionalField(key: "sign_up_network") var signUpNetwork: String?

    /// The address the account signed up with while another account had it, on a server that
    /// sends e-mail: sign-up answered as for a free address (so it tells no one which addresses
    /// have accounts) and mailed the address's owner instead of a link. The account shows it as
    /// its own (``shownEmail``) and signs in with it, but its ``email`` is a placeholder no one
    /// can have (``unclaimedAddressSuffix``), so nothing that finds an account by its address —
    /// in-app wishes, password resets, invitations — ever finds this one, and it never gets the
    /// address unless the owner's account lets it go and a link sent there is opened.
    @OptionalField(key: "address_claim") var addressClaim: String?

    /// The address the account sees as its own: its claim, or its address.
    var shownEmail: String { addressClaim ?? email }

    /// The tool-work share of the accounts made from ``signUpNetwork`` in the same hour, while
    /// they are new (a week) and unconfirmed: such accounts cost nothing, so those made together
    /// count as one sender however they connect later. It decides whose turn it is, never a
    /// cool-down (``ToolQueue/signUpSharePrefix``).
    func signUpShare(at now: Date) -> String? {
        guard let signUpNetwork, let createdAt, !isVerified, now.timeIntervalSince(createdAt) < 7 * 86_400 else { return nil }
        return ToolQueue.signUpSharePrefix + "\(signUpNetwork)@\(Int(createdAt.timeIntervalSince1970 / 3600))"
    }

    /// Whether the account's address is confirmed (see ``emailVerifiedAt``).
    var isVerified: Bool { emailVerifiedAt != nil }

    init() {}

    /// The end of the addresses of the instance's own accounts (a module's, which no one signs
    /// in to): in the reserved `.invalid` domain, which ``EmailAddressSyntax`` refuses to anyone.
    static let systemAddressSuffix = "@kinetic.invalid"

    /// The end of the placeholder addresses of accounts with an ``addressClaim``.
    static let unclaimedAddressSuffix = "@unclaimed.kinetic.invalid"

    /// A new, unconfirmed account that signed up with `claim` while another account had it;
    /// its placeholder address is random (not its id, which its owner sees).
    static func claiming(_ claim: String, name: String, passwordHash: String) -> User {
        let user = User(name: name, email: UUID().uuidString.lowercased() + unclaimedAddressSuffix, passwordHash: passwordHash)
        user.addressClaim = claim
        return user
    }

    init(id: UUID? = nil, name: String, email: String, passwordHash: String, fitness: FitnessSettings = FitnessSettings()) {
        self.id = id
        self.name = name
        self.email = email
        self.passwordHash = passwordHash
        self.fitness = fitness
        self.isAdmin = false
    }

    /// The fitness settings as a Core value.
    var fitness: FitnessSettings {
        get {
            FitnessSettings(
                bodyType: bodyType.flatMap(BodyType.init(rawValue:)),
                height: heightInches,
                jumpGoal: jumpGoal,
                calorieGoal: calorieGoal
            )
        }
        set {
            bodyType = newValue.bodyType?.rawValue
            heightInches = newValue.height
            jumpGoal = newValue.jumpGoal
            calorieGoal = newValue.calorieGoal
        }
    }

    /// The user's time zone, if they have one.
    var timeZone: TimeZone? { timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) }

    /// The language the user chose, if any.
    var appLanguage: AppLanguage? { language.flatMap(AppLanguage.init(rawValue:)) }
}

extension User: Authenticatable {}

/// An account as pages and the API show it: a value, never the Fluent record.
struct AccountProfile: Equatable, Sendable {
    let id: UUID
    let name: String
    let email: String
    /// The chosen language code, or nil when Kinetic follows the browser.
    let language: String?
    /// The IANA time zone of the user's "today", or nil for the server's.
    let timeZoneIdentifier: String?
    let fitness: FitnessSettings
    /// Whether the address is confirmed as the account's own.
    var emailVerified = false
}

extension User {
    /// The account as a value for pages and DTOs.
    func profile() throws -> AccountProfile {
        AccountProfile(
            id: try requireID(), name: name, email: shownEmail, language: language, timeZoneIdentifier: timeZoneIdentifier,
            fitness: fitness,
            emailVerified: isVerified)
    }
}
