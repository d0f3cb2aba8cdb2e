import AsyncHTTPClient
import Fluent
import Foundation
import KineticCore
import NIOCore
import NIOPosix
import ObjectStorage
import SQLKit
import Testing
import VaporTesting

@testable import App

/// What an operator's load balancer and deployment rely on: the probes, and migrations that
/// run once however many instances start.
@Suite struct OperationsTests {
    @Test func livez_answersWithoutTheDatabase_andReadyz_namesEachCheck() async throws {
        try await withKinetic { app in
            let ready = try await app.testing().sendRequest(.GET, "/readyz")
            #expect(ready.status == .ok)
            #expect(ready.body.string == "ready\ndatabase: ok\nmigrations: ok\nmedia: ok\n")
            #expect(ready.headers.first(name: .cacheControl) == "no-cache")

            // A migration this version has that the database has not run takes it out of rotation.
            try await MigrationLog.query(on: app.db).filter(\.$name == "App.CreateIdempotentRequests").delete()
            let behind = try await app.testing().sendRequest(.GET, "/readyz")
            #expect(behind.status == .serviceUnavailable)
            #expect(behind.body.string == "not ready\ndatabase: ok\nmigrations: failed\nmedia: ok\n", "\(behind.body.string)")
            #expect(behind.body.string.contains("database: ok"))

            // Liveness never asks the database: it answers with the database gone.
            try await app.db.sql().raw("DROP TABLE _fluent_migrations").run()
            #expect(try await app.testing().sendRequest(.GET, "/livez").status == .ok)
            #expect(try await app.testing().sendRequest(.GET, "/readyz").status == .serviceUnavailable)
        }
    }

    @Test func readyz_failsWithinItsTime_whenTheMediaStoreIsDownOrSilent() async throws {
        // A store that refuses connections, and one that accepts them and never answers.
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { _ in MultiThreadedEventLoopGroup.singleton.any().makeSucceededVoidFuture() }
            .bind(host: "127.0.0.1", port: 0).get()
        defer { silent.close(promise: nil) }
        let silentPort = try #require(silent.localAddress?.port)
        for endpoint in ["http://127.0.0.1:1", "http://127.0.0.1:\(silentPort)"] {
            try await withKinetic(adjust: {
                $0.mediaStorage = .s3(
                    S3Location(bucket: "kinetic-media", endpoint: URL(string: endpoint)!),
                    SignatureV4.Credentials(accessKeyID: "test", secretAccessKey: "test"))
            }) { app in
                let started = Date()
                let response = try await app.testing().sendRequest(.GET, "/readyz")
                // Each check gives up after 1.5 s. The bound leaves room for the whole suite
                // running at once on two cores, where a timer's task waits its turn (5 s was
                // crossed by 0.2-1.3 s there).
                #expect(Date().timeIntervalSince(started) < 10)
                #expect(response.status == .serviceUnavailable)
                #expect(response.body.string.contains("media: failed"), "\(response.body.string)")
                #expect(!response.body.string.contains("127.0.0.1"), "the store's address stays in the log")
                #expect(response.body.string.contains("database: ok"))
            }
        }
    }

    /// Three instances starting together on one PostgreSQL migrate once: the advisory lock
    /// makes the others wait and find nothing left to do.
    @Test(.enabled(if: TestDatabase.postgresURL != nil, "PostgreSQL only: SQLite serves one instance"))
    func instancesStartingTogether_migrateOnce() async throws {
        try await withKinetic { first in
            let configuration = first.kineticConfiguration
            var others: [Application] = []
            for _ in 0..<2 {
                let app = try await Application.make(.testing)
                try await configure(app, configuration)
                others.append(app)
            }
            let sql = try first.db.sql()
            try await sql.raw("DROP SCHEMA public CASCADE").run()
            try await sql.raw("CREATE SCHEMA public").run()
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for app in [first] + others { group.addTask { try await app.migrateOnce() } }
                    try await group.waitForAll()
                }
            } catch {
                for app in others { try? await app.asyncShutdown() }
                throw error
            }
            for app in others { try await app.asyncShutdown() }
            let names = try await MigrationLog.query(on: first.db).all(\.$name)
            #expect(names.count == KineticMigrations.all(configuration).count)
            #expect(Set(names).count == names.count)
            #expect(try await first.pendingMigrations().isEmpty)
        }
    }

    @Test func noMigrate_isReadFromTheCommandLine() throws {
        let plain = try KineticConfiguration.load(arguments: ["kinetic", "serve"], environment: [:])
        #expect(plain.configuration.migratesOnServe)
        let (configuration, remaining) = try KineticConfiguration.load(arguments: ["kinetic", "serve", "--no-migrate"], environment: [:])
        #expect(!configuration.migratesOnServe)
        #expect(!remaining.contains("--no-migrate"))
    }

    /// `serve --no-migrate` on a database that is behind waits for `kinetic migrate` instead of
    /// serving on the old schema, then serves.
    @Test(.enabled(if: ServerProcess.testsEnabled, "starts servers: KINETIC_PROCESS_TESTS=1"))
    func serveNoMigrate_waitsForKineticMigrate() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-no-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await ServerProcess(
            dataDirectory: directory, environment: ["KINETIC_BCRYPT_COST": "4"], arguments: ["--no-migrate"], waitForHealth: false)
        defer { server.stop() }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !((try? String(contentsOf: server.log, encoding: .utf8)) ?? "").contains("Waiting for `kinetic migrate`") {
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(try String(contentsOf: server.log, encoding: .utf8).contains("Waiting for `kinetic migrate`"))
        // It does not listen before the schema is there (the client retries a refused connection until its time is up).
        let livez = HTTPClientRequest(url: "http://127.0.0.1:\(server.port)/livez")
        await #expect(throws: (any Error).self) { try await HTTPClient.shared.execute(livez, timeout: .seconds(2)) }

        let migrate = try ServerProcess.runBuilt("kinetic", ["migrate", "--data-dir", directory.path], in: ServerProcess.root)
        #expect(migrate.status == 0, "\(migrate.output)")
        #expect(migrate.output.contains("Migrated"))
        try await server.waitUntilHealthy()
        let again = try ServerProcess.runBuilt("kinetic", ["migrate", "--data-dir", directory.path], in: ServerProcess.root)
        #expect(again.output.contains("Nothing to migrate."))
        let readyz = HTTPClientRequest(url: "http://127.0.0.1:\(server.port)/readyz")
        let ready = try await HTTPClient.shared.execute(readyz, timeout: .seconds(10))
        #expect(ready.status == .ok)
    }
}

/// `/metrics`: hidden without its token, refused without the right one, and with it the
/// Prometheus text format that `promtool check metrics` (Debian's prometheus) parses and lints
/// clean but for HELP lines, labelled by route template.
@Suite struct MetricsTests {
    static let token = "metrics-token-0123456789"

    @Test func withoutAToken_metricsIsNotThere() async throws {
        try await withKinetic { app in
            let response = try await app.testing().sendRequest(.GET, "/metrics")
            #expect(response.status == .notFound)
        }
    }

    @Test func withAToken_metricsAnswersOnlyToIt_inTheTextFormat() async throws {
        try await withKinetic(adjust: { $0.metricsToken = Self.token }) { app in
            #expect(try await app.testing().sendRequest(.GET, "/metrics").status == .unauthorized)
            var wrong = HTTPHeaders()
            wrong.bearerAuthorization = BearerAuthorization(token: "metrics-token-0123456780")
            #expect(try await app.testing().sendRequest(.GET, "/metrics", headers: wrong).status == .unauthorized)

            let account = try await app.signUp()
            let songID = UUID().uuidString
            #expect(try await app.json(.GET, "/api/v1/songs/\(songID)/audio", token: account.token).status == .notFound)
            _ = try await app.testing().sendRequest(.GET, "/no/such/page/\(songID)")

            var headers = HTTPHeaders()
            headers.bearerAuthorization = BearerAuthorization(token: Self.token)
            let response = try await app.testing().sendRequest(.GET, "/metrics", headers: headers)
            #expect(response.status == .ok)
            #expect(response.headers.first(name: .contentType)?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = response.body.string
            // Route templates, never the path asked for.
            let songRoute = #"http_requests_total{method="GET",path="/api/v1/songs/:songId/audio",status="404"}"#
            #expect(text.contains(songRoute), "\(text.prefix(3000))")
            #expect(!text.contains(songID))
            #expect(text.contains(#"path="vapor_route_undefined""#))
            #expect(text.contains("# TYPE http_request_duration_seconds histogram"))
            #expect(text.contains(#"kinetic_wish_deliveries{channel="email",state="pending"} 0"#))
            #expect(text.contains(#"kinetic_wish_delivery_oldest_due_seconds{channel="in-app"} 0"#))

            let promtool = Process()
            promtool.executableURL = URL(fileURLWithPath: "/usr/bin/promtool")
            promtool.arguments = ["check", "metrics"]
            let input = Pipe()
            let output = Pipe()
            promtool.standardInput = input
            promtool.standardOutput = output
            promtool.standardError = output
            try promtool.run()
            input.fileHandleForWriting.write(Data(text.utf8))
            try input.fileHandleForWriting.close()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            promtool.waitUntilExit()
            // 1 is a text it cannot parse, 3 lint findings: of these only the missing HELP lines
            // are allowed (swift-metrics has no place for a help text).
            #expect([0, 3].contains(promtool.terminationStatus), "promtool check metrics: \(said)")
            let findings = said.split(separator: "\n").filter { !$0.hasSuffix(" no help text") }
            #expect(findings.isEmpty, "promtool check metrics: \(findings.joined(separator: "\n"))")
        }
    }

    @Test func aShortToken_stopsTheStart() {
        #expect(throws: ConfigurationError.self) {
            try KineticConfiguration.load(arguments: ["kinetic"], environment: ["KINETIC_METRICS_TOKEN": "short"])
        }
    }

    @Test func addresses_areWrittenOneWay() {
        #expect(IPAddressText.canonical("2001:DB8:0:0::1") == "2001:db8::1")
        #expect(IPAddressText.canonical("::ffff:10.0.0.2") == "10.0.0.2")
        #expect(IPAddressText.canonical("127.0.0.1") == "127.0.0.1")
        for bad in ["1.2.3.4:80", "[::1]", "localhost", "", "1.2.3"] { #expect(IPAddressText.canonical(bad) == nil, "\(bad)") }
        // A proxy configured in one form is recognised in another.
        #expect(
            ClientAddress.resolve(
                peer: "::ffff:127.0.0.1", forwardedFor: ["2001:DB8::7"], trustedProxies: ["127.0.0.1"], canonical: IPAddressText.canonical)
                == "2001:db8::7")
    }

    @Test func trustedProxies_areAddresses() throws {
        let loaded = try KineticConfiguration.load(
            arguments: ["kinetic"], environment: ["KINETIC_TRUSTED_PROXIES": "127.0.0.1, ::1", "KINETIC_DATA_DIR": NSTemporaryDirectory()])
        #expect(loaded.configuration.trustedProxies == ["127.0.0.1", "::1"])
        let written = try KineticConfiguration.load(
            arguments: ["kinetic"], environment: ["KINETIC_TRUSTED_PROXIES": "2001:DB8:0::1", "KINETIC_DATA_DIR": NSTemporaryDirectory()])
        #expect(written.configuration.trustedProxies == ["2001:db8::1"])
        #expect(throws: ConfigurationError.self) {
            try KineticConfiguration.load(arguments: ["kinetic"], environment: ["KINETIC_TRUSTED_PROXIES": "nginx.local"])
        }
    }
}
