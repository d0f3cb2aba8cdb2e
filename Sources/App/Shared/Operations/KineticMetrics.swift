import Fluent
import Foundation
import KineticCore
import Metrics
import Prometheus
import SQLKit
import Vapor

/// What `/metrics` tells Prometheus, in its text format (swift-prometheus behind swift-metrics):
///
/// - Vapor's own request metrics, labelled by route template (`/api/v1/songs/:songId`), never
///   by the path asked for: `http_requests_total`, `http_request_errors_total`,
///   `http_request_duration_seconds`;
/// - the tools' run times, `kinetic_tool_duration_seconds{tool}` (ffmpeg, pdftoppm…), and the
///   imports', `kinetic_import_duration_seconds{kind}`, recorded by this instance;
/// - read from the database at each scrape, so every instance tells the same: background jobs
///   by kind and state, `kinetic_jobs{kind,state}`, and how long the oldest due one has waited,
///   `kinetic_job_oldest_due_seconds{kind}`; wish deliveries by channel and state,
///   `kinetic_wish_deliveries{channel,state}`, and the oldest due one's wait,
///   `kinetic_wish_delivery_oldest_due_seconds{channel}`;
/// - how long jobs ran here, `kinetic_job_duration_seconds{kind}`.
///
/// It answers only with `KINETIC_METRICS_TOKEN` set (404 otherwise) and only to
/// `Authorization: Bearer <that token>` (401 otherwise).
enum KineticMetrics {
    static let registry = PrometheusCollectorRegistry()

    private static let bootstrapped: Void = {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Requests take milliseconds, tools and imports seconds to minutes.
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(5), .milliseconds(25), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
            .seconds(2.5), .seconds(10), .seconds(30), .seconds(60), .seconds(300), .seconds(1800),
        ]
        MetricsSystem.bootstrap(factory)
    }()

    /// Sends swift-metrics to ``registry``: done by the first call in a process (`configure`).
    static func bootstrap() {
        _ = bootstrapped
    }

    /// Records how long `tool` has run since `started`.
    static func recordTool(_ tool: String, since started: ContinuousClock.Instant) {
        record("kinetic_tool_duration_seconds", ("tool", tool), since: started)
    }

    /// Records how long a job of `kind` ran (whatever its end).
    static func recordJob(_ kind: String, since started: ContinuousClock.Instant) {
        record("kinetic_job_duration_seconds", ("kind", kind), since: started)
    }

    /// Records how long an import of `kind` (`health`, `reports`) has taken since `started`.
    static func recordImport(_ kind: String, since started: ContinuousClock.Instant) {
        record("kinetic_import_duration_seconds", ("kind", kind), since: started)
    }

    private static func record(_ label: String, _ dimension: (String, String), since started: ContinuousClock.Instant) {
        let elapsed = (ContinuousClock.now - started).components
        Timer(label: label, dimensions: [dimension], preferredDisplayUnit: .seconds)
            .recordNanoseconds(elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000)
    }

    /// Reads the queue figures from the database into their gauges (every group and state,
    /// zero included, so a series never vanishes), then writes the registry out.
    static func scrape(database: any Database, jobKinds: [String], now: Date) async throws -> String {
        let sql = try database.sql()
        let jobs = QueueFigures(
            table: "jobs", group: "kind", due: "scheduled_at", waitingStates: JobQueue.claimableSQL, groups: jobKinds,
            states: JobState.allCases.map(\.rawValue), countLabel: "kinetic_jobs", oldestLabel: "kinetic_job_oldest_due_seconds")
        for queue in [jobs] + KineticModules.all.flatMap { $0.queueFigures } { try await record(queue, from: sql, now: now) }
        return registry.emitToString()
    }

    private static func record(_ queue: QueueFigures, from sql: any SQLDatabase, now: Date) async throws {
        let (table, group, due) = (SQLIdentifier(queue.table), SQLIdentifier(queue.group), SQLIdentifier(queue.due))
        var totals: [String: Int] = [:]
        for row in try await sql.raw("SELECT \(group) AS grp, state, COUNT(*) AS total FROM \(table) GROUP BY \(group), state").all() {
            totals["\(try row.decode(column: "grp", as: String.self))/\(try row.decode(column: "state", as: String.self))"] =
                try row.decode(column: "total", as: Int.self)
        }
        var oldestDue: [String: Date] = [:]
        let oldest = try await sql.raw(
            """
            SELECT \(group) AS grp, MIN(\(due)) AS oldest FROM \(table)
            WHERE state IN (\(queue.waitingStates)) AND \(due) <= \(bind: now) GROUP BY \(group)
            """
        ).all()
        for row in oldest {
            oldestDue[try row.decode(column: "grp", as: String.self)] = try row.decode(column: "oldest", as: Date.self)
        }
        for name in Set(queue.groups).union(totals.keys.map { String($0.prefix { $0 != "/" }) }) {
            for state in queue.states {
                Gauge(label: queue.countLabel, dimensions: [(queue.group, name), ("state", state)]).record(totals["\(name)/\(state)"] ?? 0)
            }
            Gauge(label: queue.oldestLabel, dimensions: [(queue.group, name)])
                .record(oldestDue[name].map { max(0, now.timeIntervalSince($0)) } ?? 0)
        }
    }
}

/// `GET /metrics`.
struct MetricsController {
    func metrics(_ request: Request) async throws -> Response {
        guard let token = request.application.kineticConfiguration.metricsToken else { throw AppError.notFound }
        guard let given = request.headers.bearerAuthorization?.token,
            SecretToken.constantTimeEquals(given, token)
        else {
            return Response(status: .unauthorized, headers: ["WWW-Authenticate": "Bearer", "Cache-Control": "no-store"])
        }
        let text = try await KineticMetrics.scrape(
            database: request.db, jobKinds: request.application.jobs.kinds, now: request.now)
        return Response(
            status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store"],
            body: .init(string: text))
    }
}

/// A table of queued work as `/metrics` tells it: rows counted by ``group`` and `state`,
/// and the wait of the oldest one due in a waiting state, by ``group``.
struct QueueFigures {
    let table: String
    /// The column (and label) the figures are told by: a job's kind, a delivery's channel.
    let group: String
    let due: String
    let waitingStates: SQLRaw
    /// The groups always told, zero or not (others found in the table are told too).
    let groups: [String]
    let states: [String]
    let countLabel: String
    let oldestLabel: String
}
