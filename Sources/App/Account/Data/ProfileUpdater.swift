import Fluent
import KineticCore
import Vapor

/// Applies a validated ``ProfilePatch`` to a user, all or nothing. New goals become the goals
/// of the current month; earlier months keep theirs.
struct ProfileUpdater {
    let database: Database
    let currentMonth: Month
    /// Forgets the user's cached API sign-ins once the change is stored.
    let signedInTokens: SignedInTokens

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
            try await User.query(on: database).filter(\.$email == email).first() != nil
        {
            throw AppError.emailTaken
        }
        let goalsChanged = fitness.jumpGoal != user.jumpGoal || fitness.calorieGoal != user.calorieGoal
        if let name = patch.name { user.name = name }
        if let email = patch.email, email != user.email {
            // A new address is not confirmed until its owner shows it is theirs.
            user.email = email
            user.emailVerifiedAt = nil
        }
        if let language = patch.language { user.language = language?.rawValue }
        if let timeZone = patch.timeZone { user.timeZoneIdentifier = timeZone }
        user.fitness = fitness
        let month = currentMonth
        let goals = MonthGoals(jumpGoal: fitness.jumpGoal, calorieGoal: fitness.calorieGoal)
        do {
            try await database.transaction { transaction in
                try await user.save(on: transaction)
                if goalsChanged {
                    try await GoalsRepository(database: transaction, userID: try user.requireID()).setGoals(goals, for: month)
                }
            }
        } catch let error as DatabaseError where error.isConstraintFailure {
            throw AppError.emailTaken
        }
        signedInTokens.forget(userID: try user.requireID())
    }
}

extension Request {
    /// A profile updater for the signed-in user's changes in this request.
    var profileUpdater: ProfileUpdater {
        ProfileUpdater(database: db, currentMonth: userCalendar.currentMonth, signedInTokens: application.signedInTokens)
    }
}
