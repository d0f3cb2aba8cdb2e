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
    ])
    func invalidSettings_stopWithAMessageNamingWhatWasSeen(environment: [String: String]) {
        #expect(throws: ConfigurationError.self) {
            try KineticConfiguration.load(arguments: ["kinetic"], environment: environment)
        }
    }
}
