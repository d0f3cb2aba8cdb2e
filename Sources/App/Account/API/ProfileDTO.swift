import KineticCore
import Vapor

/// The profile as the API returns it, with the seed's `fitness` object.
struct ProfileDTO: Content {
    struct Fitness: Content {
        @NullEncoded var bodyType: Int?
        @NullEncoded var height: Int?
        let jumpGoal: Int
        let calorieGoal: Int
    }

    let customerId: String
    let name: String
    let email: String
    /// Whether the address is confirmed: until it is, the account reaches no one outside Kinetic.
    let emailVerified: Bool
    /// A new address the account asked for, which takes effect when the link sent there is opened.
    @NullEncoded var pendingEmail: String?
    /// The chosen language code, or null when Kinetic follows the browser.
    @NullEncoded var language: String?
    /// The IANA time zone of the user's "today", or null for the server's.
    @NullEncoded var timeZone: String?
    let fitness: Fitness

    init(_ profile: AccountProfile) {
        let fitness = profile.fitness
        customerId = profile.id.uuidString.lowercased()
        name = profile.name
        email = profile.email
        emailVerified = profile.emailVerified
        language = profile.language
        timeZone = profile.timeZoneIdentifier
        self.fitness = Fitness(
            bodyType: fitness.bodyType?.rawValue, height: fitness.height,
            jumpGoal: fitness.jumpGoal, calorieGoal: fitness.calorieGoal
        )
    }
}
