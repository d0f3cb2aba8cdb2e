import Fluent
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// The probes a load balancer or orchestrator asks (Kubernetes, systemd, nginx health checks):
///
/// - `/livez`: the process answers HTTP. It touches nothing else, so an outage of the database
///   never gets every instance restarted.
/// - `/readyz`: the instance can serve: the database answers a bounded `SELECT 1`, has run
///   every migration this version has, and the media store can be reached. 503 naming the
///   checks that failed otherwise (why is in the log, not in the answer anyone may read), which
///   takes the instance out of rotation until it passes again.
///
/// `/healthz` (``SiteController/healthz(_:)``) stays for people: the database only.
struct ProbesController {
    /// How long one check may take before it counts as failed.
    static let checkTimeout: Duration = .milliseconds(1500)

    func livez(_ request: Request) async throws -> Response {
        Response(status: .ok, headers: Self.plainHeaders, body: .init(string: "ok\n"))
    }

    func readyz(_ request: Request) async throws -> Response {
        let app = request.application
        async let database = Self.check("database") { try await app.db.sql().raw("SELECT 1").run() }
        async let migrations = Self.check("migrations") {
            let pending = try await app.pendingMigrations()
            guard pending.isEmpty else { throw NotReady(description: "\(pending.count) not run: \(pending.joined(separator: ", "))") }
        }
        async let media = Self.check("media") { try await app.media.checkReachable() }
        let stopping = Check(name: "stopping", problem: app.isStopping ? "asked to stop" : nil)
        let checks = await [database, migrations, media] + (stopping.problem == nil ? [] : [stopping])
        let failed = checks.filter { $0.problem != nil }
        for check in failed { request.logger.warning("Not ready: \(check.name): \(check.problem ?? "")") }
        let lines = checks.map { "\($0.name): \($0.problem == nil ? "ok" : "failed")" }.joined(separator: "\n")
        return Response(
            status: failed.isEmpty ? .ok : .serviceUnavailable, headers: Self.plainHeaders,
            body: .init(string: (failed.isEmpty ? "ready\n" : "not ready\n") + lines + "\n"))
    }

    private static let plainHeaders: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache"]

    struct Check: Sendable {
        let name: String
        /// Why it failed; nil when it passed.
        let problem: String?
    }

    struct NotReady: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `body` and answers within ``checkTimeout`` whatever it does: a check that hangs (a
    /// database that accepts connections but never answers) is left to finish on its own.
    static func check(_ name: String, _ body: @escaping @Sendable () async throws -> Void) async -> Check {
        let answered = NIOLockedValueBox(false)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Check, Never>) in
            @Sendable func answer(_ check: Check) {
                let first = answered.withLockedValue { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: check) }
            }
            let work = Task {
                do {
                    try await body()
                    answer(Check(name: name, problem: nil))
                } catch {
                    answer(Check(name: name, problem: String(describing: error)))
                }
            }
            Task {
                try? await Task.sleep(for: checkTimeout)
                answer(Check(name: name, problem: "no answer within \(checkTimeout)"))
                work.cancel()
            }
        }
    }
}
