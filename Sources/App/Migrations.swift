import Fluent

/// Every migration, in the one order they run: the shared tables, then each module's (in the
/// order of ``KineticModules``), then shared tables added since. Landed migrations never change:
/// a change to the schema is a new migration at the end of its module's list (or of this one). A module's tables may refer to the accounts'
/// (Account runs first), never to another module's.
enum KineticMigrations {
    static func all(_ configuration: KineticConfiguration) -> [any Migration] {
        [CreateThrottleBuckets()] + KineticModules.all.flatMap { $0.migrations(configuration) } + [CreateJobs()]
    }
}
