import Foundation
import KineticCore
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

    /// The starter songs come from Debian's folder unless told otherwise; `none` adds none.
    @Test func starterSongs_comeFromDebiansFolder_anotherOne_orNone() throws {
        func directory(_ environment: [String: String]) throws -> String? {
            try KineticConfiguration.load(arguments: ["kinetic"], environment: environment).configuration.starterSongsDirectory
        }
        #expect(try directory([:]) == "/usr/share/games/fretsonfire/data/songs")
        #expect(try directory(["KINETIC_STARTER_SONGS_DIR": "/srv/songs"]) == "/srv/songs")
        #expect(try directory(["KINETIC_STARTER_SONGS_DIR": "none"]) == nil)
    }

    /// A report may have 5,000 pages unless told otherwise; a limit that is no page count is
    /// refused at start, naming the setting.
    @Test func reportPages_areLimitedTo5000_orTheSetting() throws {
        func limit(_ environment: [String: String]) throws -> Int {
            try KineticConfiguration.load(arguments: ["kinetic"], environment: environment).configuration.reportMaximumPages
        }
        #expect(try limit([:]) == 5_000)
        #expect(try limit(["KINETIC_REPORTS_MAX_PAGES": "12000"]) == 12_000)
        for bad in ["0", "20001", "5k", "-1"] {
            #expect(throws: ConfigurationError.self) { try limit(["KINETIC_REPORTS_MAX_PAGES": bad]) }
        }
    }

    @Test func accountLimits_areReadFromTheEnvironment() throws {
        let defaults = try KineticConfiguration.load(arguments: ["kinetic"], environment: [:]).configuration
        #expect(
            defaults.sessionIdleTimeout == 7 * 86_400 && defaults.sessionLifetime == 30 * 86_400 && defaults.apiTokenLifetime == 90 * 86_400
        )
        let loaded = try KineticConfiguration.load(
            arguments: ["kinetic"],
            environment: [
                "KINETIC_SESSION_IDLE_DAYS": "2", "KINETIC_SESSION_MAX_DAYS": "14", "KINETIC_TOKEN_DAYS": "30",
                "KINETIC_LOGIN_BURST_PER_ACCOUNT": "3", "KINETIC_LOGIN_BURST_PER_ADDRESS": "50",
                "KINETIC_LOGIN_REFILL_SECONDS": "60", "KINETIC_SIGNUP_BURST_PER_ADDRESS": "4",
            ]
        ).configuration
        #expect(loaded.sessionIdleTimeout == 2 * 86_400)
        #expect(loaded.sessionLifetime == 14 * 86_400)
        #expect(loaded.apiTokenLifetime == 30 * 86_400)
        #expect(loaded.loginBurstPerAccount == 3 && loaded.loginBurstPerAddress == 50)
        #expect(loaded.loginRefillSeconds == 60 && loaded.signUpBurstPerAddress == 4)
    }

    @Test func databaseURL_selectsPostgreSQL() throws {
        let loaded = try KineticConfiguration.load(
            arguments: ["kinetic", "migrate"], environment: ["DATABASE_URL": "postgres://u:p@localhost/kinetic"])
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

    @Test func signUpMode_andPublicURL_areRead() throws {
        let defaults = try KineticConfiguration.load(arguments: ["kinetic"], environment: [:]).configuration
        #expect(defaults.signUpMode == .open && defaults.publicURL == nil)
        let loaded = try KineticConfiguration.load(
            arguments: ["kinetic"], environment: ["KINETIC_SIGNUP": "Invite", "KINETIC_PUBLIC_URL": "https://kinetic.example.com/"]
        ).configuration
        #expect(loaded.signUpMode == .invite && loaded.publicURL == "https://kinetic.example.com")
    }

    @Test func wishDelivery_offersInAppOnly_untilMailAndConnectionsAreSetUp() throws {
        let defaults = try KineticConfiguration.load(arguments: ["kinetic"], environment: [:]).configuration
        #expect(WishChannel.allCases.filter(defaults.offersWishChannel) == [.inApp])
        #expect(defaults.wishDelivery.pollInterval == 5)
        let loaded = try KineticConfiguration.load(
            arguments: ["kinetic"],
            environment: [
                "KINETIC_SMTP_URL": "smtp://wishes:s%40cret@mail.example.com:587?starttls=require",
                "KINETIC_MAIL_FROM": "Wishes@Example.com",
                "KINETIC_PUBLIC_URL": "https://kinetic.example.com/",
                "KINETIC_CONNECTIONS_URL": "https://connections.example.com/", "KINETIC_CONNECTIONS_TOKEN": "oauth-token",
                "KINETIC_WISH_POLL_SECONDS": "0.5",
                "KINETIC_WISH_LEASE_SECONDS": "20",
            ]
        ).configuration
        let smtp = loaded.mail.smtp
        #expect(smtp?.host == "mail.example.com" && smtp?.port == 587 && smtp?.security == .startTLSRequired && smtp?.password == "s@cret")
        #expect(loaded.mail.from?.address == "wishes@example.com")
        let delivery = loaded.wishDelivery
        #expect(
            delivery.connections?.statusUpdatesURL == "https://connections.example.com/connections/opensocial/oauth/rest/ublog/@me/@all")
        #expect(WishChannel.allCases.filter(loaded.offersWishChannel) == WishChannel.allCases)
        #expect(delivery.pollInterval == 0.5 && delivery.lease == 20 && defaults.wishDelivery.lease == 300)
    }

    @Test(arguments: [
        ["KINETIC_SMTP_URL": "http://mail.example.com"],
        ["KINETIC_SMTP_URL": "smtp://mail.example.com"],
        ["KINETIC_SMTP_URL": "smtp://mail.example.com", "KINETIC_MAIL_FROM": "not an address"],
        ["KINETIC_SMTP_URL": "smtp://mail.example.com?starttls=sometimes", "KINETIC_MAIL_FROM": "wishes@example.com"],
        ["KINETIC_CONNECTIONS_URL": "https://connections.example.com"],
        ["KINETIC_CONNECTIONS_TOKEN": "user:password"],
        ["KINETIC_CONNECTIONS_URL": "ftp://connections.example.com", "KINETIC_CONNECTIONS_TOKEN": "t"],
        ["KINETIC_WISH_POLL_SECONDS": "0"],
        ["KINETIC_WISH_LEASE_SECONDS": "2"],
        ["KINETIC_SMTP_URL": "smtp://mail.example.com", "KINETIC_MAIL_FROM": "wishes@example.com"],
        ["KINETIC_PUBLIC_URL": "kinetic.example.com"],
        ["KINETIC_PUBLIC_URL": "https://kinetic.example.com/?x=1"],
        ["KINETIC_SIGNUP": "sometimes"],
    ])
    func wishDelivery_settingsThatCannotBeUsed_stopStartUp(environment: [String: String]) throws {
        #expect(throws: ConfigurationError.self) {
            try KineticConfiguration.load(arguments: ["kinetic"], environment: environment)
        }
    }
}
