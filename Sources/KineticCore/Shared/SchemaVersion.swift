/// A database's schema version as Kinetic knows it: the names of the migrations that made it,
/// in the order they ran. A backup carries its own, and a restore compares it with its own
/// version's (``difference(from:)``): only the same schema restores, so an archive is never
/// read into tables shaped differently from the ones that wrote it.
public struct SchemaVersion: Codable, Equatable, Sendable {
    public var migrations: [String]

    public init(migrations: [String]) {
        self.migrations = migrations
    }

    /// How `other` (an archive's) differs from this version: the migrations only it has
    /// (made by a newer Kinetic) and those only this version has (an older archive); nil when
    /// they are the same migrations.
    public func difference(from other: SchemaVersion) -> (onlyInOther: [String], onlyHere: [String])? {
        let here = Set(migrations), there = Set(other.migrations)
        let onlyInOther = other.migrations.filter { !here.contains($0) }
        let onlyHere = migrations.filter { !there.contains($0) }
        return onlyInOther.isEmpty && onlyHere.isEmpty ? nil : (onlyInOther, onlyHere)
    }
}
