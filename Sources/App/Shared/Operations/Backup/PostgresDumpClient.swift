import Foundation

/// PostgreSQL's own backup tools, `pg_dump` and `pg_restore` (Debian's `postgresql-client`),
/// run on the database `DATABASE_URL` names. Its parts reach them as libpq's environment
/// (`PGHOST`, `PGPASSWORD`…), never as arguments another user's `ps` could read.
struct PostgresDumpClient: Sendable {
    /// libpq's variables for the database.
    let environment: [String: String]

    /// Reads `postgres://user:password@host:port/database?sslmode=…`.
    init(url: String) throws {
        guard let parts = URLComponents(string: url), ["postgres", "postgresql"].contains(parts.scheme ?? ""), let host = parts.host
        else { throw BackupError.unusableDatabaseURL }
        var environment = ["PGHOST": host, "PGPORT": String(parts.port ?? 5432)]
        if let user = parts.user?.removingPercentEncoding { environment["PGUSER"] = user }
        if let password = parts.password?.removingPercentEncoding { environment["PGPASSWORD"] = password }
        let database = String(parts.path.drop { $0 == "/" }).removingPercentEncoding ?? ""
        if !database.isEmpty { environment["PGDATABASE"] = database }
        if let mode = parts.queryItems?.first(where: { $0.name == "sslmode" })?.value { environment["PGSSLMODE"] = mode }
        self.environment = environment
    }

    /// Where a tool is, when it is installed.
    static func path(of tool: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return paths.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Dumps the whole database, one consistent snapshot, to `file` (pg_dump's custom format).
    func dump(to file: URL) async throws {
        try await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", "--file=\(file.path)"])
    }

    /// Restores a dump into the (empty) database, all of it or nothing.
    func restore(from file: URL) async throws {
        try await run(
            "pg_restore",
            [
                "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", "--dbname=\(environment["PGDATABASE"] ?? "")",
                file.path,
            ])
    }

    private func run(_ tool: String, _ arguments: [String]) async throws {
        guard let executable = Self.path(of: tool) else { throw BackupError.toolMissing(tool) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }.merging(environment) { $1 }
        // What the tool says goes to a file, read once it ends (a pipe could fill and stall it).
        let said = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-\(tool)-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: said.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: said) }
        let errors = try FileHandle(forWritingTo: said)
        defer { try? errors.close() }
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        guard status == 0 else {
            let text = String(decoding: ((try? Data(contentsOf: said)) ?? Data()).suffix(2000), as: UTF8.self)
            throw BackupError.toolFailed(tool, text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
