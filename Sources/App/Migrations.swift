import Fluent

/// Every migration, in the one order they run. Landed migrations never change: a change to the
/// schema is a new migration at the end.
enum KineticMigrations {
    static func all(_ configuration: KineticConfiguration) -> [any Migration] {
        [
            CreateUsers(),
            CreateAPITokens(),
            CreateWebSessions(),
            CreateJumpSessions(),
            CreateMonthlyGoals(),
            CreateStepSamples(),
            CreateDailyStepTotals(),
            CreateJumpMonthTotals(),
            CreateStepSources(),
            CreateThrottleBuckets(),
            AddJumpSessionNaturalKey(),
            AddSessionAndTokenExpiry(clock: configuration.clock, apiTokenLifetime: configuration.apiTokenLifetime),
            AddUserTimeZone(),
            CreateStepImports(),
            CreateGoalHistorySnapshots(),
            CreateSongs(),
            CreateMusicThemes(),
            CreateWorkouts(),
            CreateFitnessTests(),
            CreateWorkoutGoals(),
            AddUserAdminRole(),
            CreateReports(),
            CreateWishes(),
            AddCompletedWorkoutRunID(),
            AddAddressOwnership(),
            CreateMailRecipients(),
            AddStorageQuota(),
            CreateLoginDevices(),
        ]
    }
}
