import Fluent
import SQLKit

extension Database {
    /// The database as SQLKit's `SQLDatabase`. Both of Kinetic's drivers (SQLite, PostgreSQL)
    /// are SQL databases, so this only fails on a misconfigured application — loudly.
    func sql() throws -> any SQLDatabase {
        guard let sql = self as? any SQLDatabase else {
            throw DatabaseNotSQL(description: "Kinetic needs an SQL database; \(type(of: self)) is not one")
        }
        return sql
    }
}

/// The configured database does not speak SQL.
struct DatabaseNotSQL: Error, CustomStringConvertible {
    let description: String
}
