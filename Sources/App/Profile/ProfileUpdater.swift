import Fluent
import KineticCore
import Vapor

/// Applies a validated ``ProfilePatch`` to a user, all or nothing.
struct ProfileUpdater {
    let database: Database

    func apply(_ patch: ProfilePatch, to user: User) async throws {
        var fitness = user.fitness
        if let fitnessPatch = patch.fitness {
            fitness = fitnessPatch.applied(to: fitness)
            let crossField = fitness.crossFieldErrors()
            if !crossField.isEmpty {
                var errors = FieldErrors()
                errors.merge(crossField, prefix: "fitness")
                throw AppError.validation(errors)
            }
        }
        if let email = patch.email, email != user.email,
           try await User.query(on: database).filter(\.$email == email).first() != nil {
            throw AppError.emailTaken
        }
        if let name = patch.name { user.name = name }
        if let email = patch.email { user.email = email }
        if let language = patch.language { user.language = language?.rawValue }
        user.fitness = fitness
        do {
            try await user.save(on: database)
        } catch let error as DatabaseError where error.isConstraintFailure {
            throw AppError.emailTaken
        }
    }
}
