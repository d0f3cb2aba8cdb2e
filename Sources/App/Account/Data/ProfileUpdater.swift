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
        if let email = patch.email, email != user.shownEmail,
            try await User.query(on: database).filter(\.$email == email).first() != nil
        {
            throw AppError.emailTaken
        }
        let goalsChanged = fitness.jumpGoal != user.jumpGoal || fitness.calorieGoal != user.calorieGoal
        if let name = patch.name { user.name = name }
        if let email = patch.email, email != user.shownEmail {
            // A new address is not confirmed until its owner shows it is theirs.
            user.email = email
            user.addressClaim = nil
            user.emailVerifiedAt = nil
        }
        if let language = patch.language { user.language = language?.rawValue }
        if let timeZone = patch.timeZone { user.timeZoneIdentifier = timeZone }
        user.fitness = fitness
        let month = currentMonth
        let goals = MonthGoals(jumpGoal: fitness.jumpGoal, calorieGoal: fitness.calorieGoal)
        let settings = fitness
        do {
            try await database.writeTransaction { transaction in
                try await user.save(on: transaction)
                let goalsRepository = GoalsRepository(database: transaction, userID: try user.requireID())
                if goalsChanged { try await goalsRepository.setGoals(goals, for: month) }
                // Body type and height known now: the sessions pushed before them get their calories.
                if patch.fitness != nil { try await goalsRepository.estimateMissingCalories(fitness: settings) }
            }
        } catch let error as DatabaseError where error.isConstraintFailure {
            throw AppError.emailTaken
        }
        signedInTokens.forget(userID: try user.requireID())
    }
}

extension AccountService {
    /// Applies a validated change to `user`'s profile (``ProfileUpdater``); new goals become
    /// those of their current month.
    func apply(_ patch: ProfilePatch, to user: User) async throws {
        if let email = patch.email, email != user.shownEmail { try await countAddressLookup(email, by: user) }
        let month = UserCalendar(timeZone: user.timeZone ?? configuration.timeZone, now: now).currentMonth
        try await ProfileUpdater(database: database, currentMonth: month, signedInTokens: signedInTokens).apply(patch, to: user)
    }

    /// `user`'s profile, with the address change waiting for its link.
    func profile(of user: User) async throws -> ProfileDTO {
        var profile = ProfileDTO(try user.profile())
        profile.pendingEmail = try await AccountTokens(database: database, now: now).pendingAddress(
            of: user.requireID(), currentEmail: user.shownEmail)
        return profile
    }

    /// `user`'s songs and photos against their quota.
    func storageUsage(of user: User) async throws -> StorageUsage {
        try await StorageUsage.of(user, on: database, defaultQuota: configuration.storageQuotaBytes)
    }
}
