import KineticCore
import Vapor

/// The profile as the API returns it, with the seed's `fitness` object.
struct ProfileDTO: Content {
    struct Fitness: Content {
        let bodyType: Int?
        let height: Int?
        let jumpGoal: Int
        let calorieGoal: Int
    }

    let customerId: String
    let name: String
    let email: String
    /// The chosen language code, or null when Kinetic follows the browser.
    let language: String?
    let fitness: Fitness

    init(_ user: User) throws {
        let fitness = user.fitness
        customerId = try user.requireID().uuidString.lowercased()
        name = user.name
        email = user.email
        language = user.language
        self.fitness = Fitness(
            bodyType: fitness.bodyType?.rawValue, height: fitness.height,
            jumpGoal: fitness.jumpGoal, calorieGoal: fitness.calorieGoal
        )
    }

    /// Encodes `null` for absent optionals, as the seed's JSON does.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(customerId, forKey: .customerId)
        try container.encode(name, forKey: .name)
        try container.encode(email, forKey: .email)
        try container.encode(language, forKey: .language)
        try container.encode(fitness, forKey: .fitness)
    }
}

extension ProfileDTO.Fitness {
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bodyType, forKey: .bodyType)
        try container.encode(height, forKey: .height)
        try container.encode(jumpGoal, forKey: .jumpGoal)
        try container.encode(calorieGoal, forKey: .calorieGoal)
    }
}
