import Fluent
import KineticCore
import Vapor

/// Signs a park in from `Authorization: Bearer kpk_…`, the key an administrator made for it
/// (`kinetic admin park add`), for the park routes only; a revoked park's key signs in no more.
struct ParkAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        guard bearer.token.hasPrefix(ParkKeys.prefix),
            let park = try await ParkRecord.query(on: request.db).filter(\.$keyHash == SecretToken.digest(bearer.token))
                .filter(\.$revokedAt == nil).first()
        else { return }
        request.auth.login(park)
    }
}

/// 401 for a park route without a park's key.
struct RequireParkMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.auth.has(ParkRecord.self) else { throw AppError.unauthenticated }
        return try await next.respond(to: request)
    }
}

/// Parks as an administrator adds, lists and revokes them.
struct ParkKeys {
    static let prefix = "kpk_"
    static let maximumNameLength = 80
    let database: any Database

    /// Adds a park named `name` (trimmed; 1–80 characters) and answers it with its key, which is
    /// shown this once.
    func add(name: String, at now: Date) async throws -> (park: ParkRecord, key: String) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= Self.maximumNameLength else {
            throw AppError.validation(FieldErrors(["name": "error.park.name"]))
        }
        let key = Self.prefix + SecretToken.generate()
        let park = ParkRecord(name: name, keyHash: SecretToken.digest(key), createdAt: now)
        try await park.create(on: database)
        return (park, key)
    }

    func list() async throws -> [ParkRecord] {
        try await ParkRecord.query(on: database).sort(\.$createdAt).all()
    }

    /// Takes a park's key back: it signs in no more, and its links leave its members' Settings.
    /// False when there is no such park.
    func revoke(_ id: UUID, at now: Date) async throws -> Bool {
        guard let park = try await ParkRecord.find(id, on: database) else { return false }
        park.revokedAt = park.revokedAt ?? now
        try await park.save(on: database)
        return true
    }
}
