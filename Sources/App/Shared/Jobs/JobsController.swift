import Foundation
import KineticCore
import Vapor

/// `GET /api/v1/jobs/{jobId}`: how a job of the signed-in user's stands (an upload answered 202
/// names it); another user's is a 404.
struct JobsController {
    func show(_ request: Request) async throws -> JobDTO {
        guard let id = request.parameters.get("jobId").flatMap(UUID.init(uuidString:)),
            let job = try await JobClient.live(request.application).job(
                id, of: try request.requireUser().requireID().uuidString.lowercased())
        else { throw AppError.notFound }
        return try JobDTO(job, localizer: request.localizer)
    }
}

/// A job as the API shows it: what it is, where it stands, and how it ended: `result` (what the
/// kind gives back, such as `{"songId": …}`) or `error`.
struct JobDTO: Content {
    let id: String
    let kind: String
    let state: String
    let attempt: Int
    let maxAttempts: Int
    let createdAt: String
    @NullEncoded var finishedAt: String?
    /// What a completed job gave back; null before.
    @NullEncoded var result: JSONValue?
    /// Why a discarded job ended; null otherwise.
    @NullEncoded var error: Failure?

    struct Failure: Content {
        let code: String
        let message: String
    }

    init(_ job: JobRecord, localizer: Localizer) throws {
        id = try job.requireID().uuidString.lowercased()
        kind = job.kind
        state = job.state.rawValue
        attempt = job.attempt
        maxAttempts = job.maxAttempts
        createdAt = job.insertedAt.formatted(.iso8601)
        finishedAt = job.finishedAt?.formatted(.iso8601)
        result = job.state == .completed ? job.decodedResult(as: JSONValue.self) : nil
        error =
            job.state == .discarded
            ? job.decodedFailure.map { Failure(code: $0.code, message: localizer.t($0.messageKey, arguments: $0.messageArguments)) } : nil
    }

    /// This job as `202 Accepted`, `Location` naming where to follow it.
    func accepted(for request: Request) async throws -> Response {
        let response = try await encodeResponse(status: .accepted, for: request)
        response.headers.replaceOrAdd(name: .location, value: SiteURL.api(.job(id: id)).path)
        response.headers.replaceOrAdd(name: .retryAfter, value: "2")
        return response
    }
}

extension SiteURL.API {
    /// `/api/v1/jobs/{jobId}`.
    static func job(id: String?) -> SiteURL.API {
        SiteURL.API(["jobs", SiteURL.parameter(id, "jobId")])
    }
}
