import Foundation
import Testing
@testable import App

@Suite struct ConfigurationTests {
    @Test func defaults_useSQLiteInTheWorkingDirectoryAndServe() throws {
        let loaded = try KineticConfiguration.load(arguments: ["kinetic"], environment: [:])
        #expect(loaded.configuration.database == .sqlite(path: URL(fileURLWithPath: ".").appendingPathComponent("kinetic.sqlite").path))
        #expect(loaded.configuration.createsDemoAccount)
        #expect(loaded.remainingArguments == ["kinetic", "serve"])
    }

    @Test func flagsAndEnvironment_areRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-config-\(UUID().uuidString)").path
        let loaded = try KineticConfiguration.load(
            arguments: ["kinetic", "serve", "--data-dir", directory, "--no-demo", "--port", "9000"],
            environment: ["KINETIC_HOSTNAME": "0.0.0.0", "KINETIC_DEMO_PASSWORD": "demo-secret", "KINETIC_BCRYPT_COST": "10"]
        )
        #expect(loaded.configuration.database == .sqlite(path: directory + "/kinetic.sqlite"))
        #expect(FileManager.default.fileExists(atPath: directory))
        #expect(!loaded.configuration.createsDemoAccount)
        #expect(loaded.configuration.demoPassword == "demo-secret")
        #expect(loaded.configuration.bcryptCost == 10)
        #expect(loaded.remainingArguments == ["kinetic", "serve", "--port", "9000", "--hostname", "0.0.0.0"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    @Test func accountLimits_areReadFromTheEnvironment() throws {
        let defaults = try KineticConfiguration.load(arguments: ["kinetic"], environment: [:]).configuration
        #expect(defaults.sessionIdleTimeout == 7 * 86_400 && defaults.sessionLifetime == 30 * 86_400 && defaults.apiTokenLifetime == 90 * 86_400)
        let loaded = try KineticConfiguration.load(arguments: ["kinetic"], environment: [
            "KINETIC_SESSION_IDLE_DAYS": "2", "KINETIC_SESSION_MAX_DAYS": "14", "KINETIC_TOKEN_DAYS": "30",
            "KINETIC_LOGIN_BURST_PER_ACCOUNT": "3", "KINETIC_LOGIN_BURST_PER_ADDRESS": "50",
            "KINETIC_LOGIN_REFILL_SECONDS": "60", "KINETIC_SIGNUP_BURST_PER_ADDRESS": "4",
        ]).configuration
        #expect(loaded.sessionIdleTimeout == 2 * 86_400)
        #expect(loaded.sessionLifetime == 14 * 86_400)
        #expect(loaded.apiTokenLifetime == 30 * 86_400)
        #expect(loaded.loginBurstPerAccount == 3 && loaded.loginBurstPerAddress == 50)
        #expect(loaded.loginRefillSeconds == 60 && loaded.signUpBurstPerAddress == 4)
    }

    @Test func databaseURL_selectsPostgreSQL() throws {
        let loaded = try KineticConfiguration.load(arguments: ["kinetic", "migrate"], environment: ["DATABASE_URL": "postgres://u:p@localhost/kinetic"])
        #expect(loaded.configuration.database == .postgres(url: "postgres://u:p@localhost/kinetic"))
        #expect(loaded.remainingArguments == ["kinetic", "migrate"])
    }

    @Test(arguments: [
        ["DATABASE_URL": "mysql://localhost/db"],
        ["KINETIC_BCRYPT_COST": "fast"],
        ["KINETIC_NO_DEMO": "maybe"],
        ["KINETIC_DEMO_PASSWORD": "short"],
        ["KINETIC_SESSION_IDLE_DAYS": "0"],
        ["KINETIC_TOKEN_DAYS": "ninety"],
        ["KINETIC_LOGIN_BURST_PER_ACCOUNT": "-5"],
    ])
    func invalidSettings_stopWithAMessageNamingWhatWasSeen(environment: [String: String]) {
        #expect(throws: ConfigurationError.self) {
            try KineticConfiguration.load(arguments: ["kinetic"], environment: environment)
        }
    }
}
