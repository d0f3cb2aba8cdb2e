import Fluent
import Foundation
import KineticCore
import SQLKit
import Vapor

/// One piece of background work in the `jobs` table (``JobQueue``): what to do (`kind` and its
/// `payload`), whose it is (`owner`, for fairness), where it stands (``JobState``), and how it
/// ended (`result`, or `failure`).
final class JobRecord: Model, @unchecked Sendable {
    static let schema = "jobs"

    @ID(key: .id) var id: UUID?
    /// What it does, such as `song.import`: the name its handler is registered under.
    @Field(key: "kind") var kind: String
    /// Whose work it is: a user's id, or `server:<name>` for the server's own. An owner has at
    /// most one job executing at a time, across every instance.
    @Field(key: "owner") var owner: String
    @Field(key: "state") var state: JobState
    /// Its input, JSON.
    @Field(key: "payload") var payload: String
    /// What it gave back, JSON; set when completed.
    @OptionalField(key: "result") var result: String?
    /// Why its last try failed: a ``JobFailure`` as JSON.
    @OptionalField(key: "failure") var failure: String?
    /// Tries so far, counted when claimed.
    @Field(key: "attempt") var attempt: Int
    @Field(key: "max_attempts") var maxAttempts: Int
    /// When it may run (next).
    @Field(key: "scheduled_at") var scheduledAt: Date
    @Field(key: "inserted_at") var insertedAt: Date
    /// When its last try started, and which instance took it.
    @OptionalField(key: "attempted_at") var attemptedAt: Date?
    @OptionalField(key: "attempted_by") var attemptedBy: String?
    /// Until when the instance running it holds it; a job still executing after that is rescued.
    @OptionalField(key: "lease_until") var leaseUntil: Date?
    @OptionalField(key: "finished_at") var finishedAt: Date?

    init() {}
}

/// Why a job failed, kept so that whoever waits for it hears the same answer the work gave.
struct JobFailure: Codable, Equatable, Sendable {
    var status: UInt
    var code: String
    var messageKey: String
    var messageArguments: [String] = []

    init(_ error: AppError) {
        status = error.status.code
        code = error.code
        messageKey = error.messageKey
        messageArguments = error.messageArguments
    }

    /// 500: a job failed for a reason it did not say.
    static let unexplained = AppError(status: .internalServerError, code: "job_failed", messageKey: "error.job.failed")

    var appError: AppError {
        AppError(
            status: HTTPResponseStatus(statusCode: Int(status)), code: code, messageKey: messageKey, messageArguments: messageArguments)
    }
}

/// The `jobs` table: its claims look for due jobs by state and time, its fairness for an owner's
/// latest try; at most one job per owner is executing (a unique partial index, which both
/// PostgreSQL and SQLite have, so two instances can never both start one owner's work).
struct CreateJobs: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(JobRecord.schema)
            .field("id", .uuid, .identifier(auto: false))
            .field("kind", .string, .required)
            .field("owner", .string, .required)
            .field("state", .string, .required)
            .field("payload", .string, .required)
            .field("result", .string)
            .field("failure", .string)
            .field("attempt", .int, .required)
            .field("max_attempts", .int, .required)
            .field("scheduled_at", .datetime, .required)
            .field("inserted_at", .datetime, .required)
            .field("attempted_at", .datetime)
            .field("attempted_by", .string)
            .field("lease_until", .datetime)
            .field("finished_at", .datetime)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "jobs_due").on(JobRecord.schema).column("state").column("scheduled_at").run()
        try await sql.create(index: "jobs_owner_turn").on(JobRecord.schema).column("owner").column("attempted_at").run()
        try await sql.raw("CREATE UNIQUE INDEX jobs_one_executing_per_owner ON jobs (owner) WHERE state = 'executing'").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(JobRecord.schema).delete()
    }
}
