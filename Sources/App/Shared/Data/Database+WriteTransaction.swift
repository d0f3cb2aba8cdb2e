import Fluent
import SQLKit

extension Database {
    /// A transaction that writes. On SQLite it takes the write lock before it reads anything:
    /// a transaction that reads first and writes later cannot wait for another writer (SQLite
    /// answers "database is locked" at once, without its busy timeout, to avoid a deadlock), so
    /// two such transactions at once failed one of them, a 500 (seen adding a contact while
    /// another account wrote). With the lock taken first it waits its turn like any other
    /// write. PostgreSQL's transactions wait for row locks as they meet them: nothing to do.
    func writeTransaction<Value: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> Value) async throws -> Value {
        try await transaction { database in
            if let sql = database as? any SQLDatabase, sql.dialect.name == "sqlite" {
                // A write that changes nothing still takes the lock (and waits for it).
                try await sql.raw("UPDATE _fluent_migrations SET batch = batch WHERE 0").run()
            }
            return try await body(database)
        }
    }
}
