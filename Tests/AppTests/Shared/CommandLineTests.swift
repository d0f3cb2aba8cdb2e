import Foundation
import Testing
import Vapor

@testable import App

/// `kinetic --help` describes exactly the commands `configure` registers and touches nothing;
/// `serve` starts with a banner that says where it is and what is missing.
@Suite struct CommandLineTests {
    @Test func help_describesEveryRegisteredCommand_andNoOther() async throws {
        try await withKinetic { app in
            let registered = Set(app.asyncCommands.commands.keys).union(app.commands.commands.keys)
            #expect(registered == Set(CommandLineHelp.commandNames))
            #expect(Set(AdminCommands().commands.keys) == Set(CommandLineHelp.adminSubcommandNames))
        }
    }

    @Test func help_forTheProgram_listsCommandsAndKineticsFlags() throws {
        for arguments in [["kinetic", "--help"], ["kinetic", "-h"], ["kinetic", "help"]] {
            let help = try #require(CommandLineHelp.text(for: arguments))
            #expect(!help.isError)
            for command in ["serve", "import-health", "import-reports", "admin", "migrate"] { #expect(help.text.contains("  \(command) ")) }
            #expect(help.text.contains("--data-dir DIR"))
        }
    }

    @Test func help_forACommand_namesItsOwnFlags() throws {
        let serve = try #require(CommandLineHelp.text(for: ["kinetic", "serve", "--help"])).text
        for flag in ["--hostname HOST", "--port PORT", "--no-demo", "--data-dir DIR", "DATABASE_URL"] {
            #expect(serve.contains(flag), "\(flag)")
        }
        let health = try #require(CommandLineHelp.text(for: ["kinetic", "help", "import-health"])).text
        #expect(health.contains("kinetic import-health FILE --user EMAIL"))
        let quota = try #require(CommandLineHelp.text(for: ["kinetic", "admin", "quota", "--help"])).text
        #expect(quota.contains("kinetic admin quota EMAIL SIZE|default|show"))
        let admin = try #require(CommandLineHelp.text(for: ["kinetic", "admin", "-h"])).text
        #expect(admin.contains("verify-all") && admin.contains("create-user"))
    }

    @Test func noHelp_isAskedByOrdinaryArguments_butAnUnknownCommandIsAnError() throws {
        #expect(CommandLineHelp.text(for: ["kinetic"]) == nil)
        #expect(CommandLineHelp.text(for: ["kinetic", "--data-dir", "./data", "--no-demo"]) == nil)
        #expect(CommandLineHelp.text(for: ["kinetic", "serve", "--port", "9000"]) == nil)
        #expect(CommandLineHelp.text(for: ["kinetic", "import-health", "export.zip", "--user", "a@example.com"]) == nil)
        let unknown = try #require(CommandLineHelp.text(for: ["kinetic", "srve"]))
        #expect(unknown.isError && unknown.text.hasPrefix("kinetic: unknown command \"srve\""))
    }

    /// The built program, asked for help in an empty directory, prints it and leaves the
    /// directory empty (no database, no demo account, no uploads folder).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ServerProcess.executable.path)))
    func help_ofTheBuiltProgram_createsNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-help-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for arguments in [["--help"], ["serve", "--help"], ["admin", "verify", "--help"], ["serve", "--data-dir", directory.path, "-h"]] {
            let (status, text) = try ServerProcess.runBuilt("kinetic", arguments, in: directory)
            #expect(status == 0, "\(arguments): \(text)")
            #expect(text.contains("Usage: kinetic"), "\(arguments)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "\(arguments) wrote a file")
        }
    }

    @Test func banner_saysWhereAndHowToSignIn_andWhatIsMissing() {
        let ffmpeg = SystemTool(path: "/usr/bin/ffmpeg", debianPackage: "ffmpeg", neededFor: "adding songs")
        let rsvg = SystemTool(path: "/usr/bin/rsvg-convert", debianPackage: "librsvg2-bin", neededFor: "cards in wish e-mails")
        let qpdf = SystemTool(path: "/usr/bin/qpdf", debianPackage: "qpdf", neededFor: "importing reports")
        var banner = ServeBanner(
            address: "http://127.0.0.1:8080", dataDirectory: "/srv/kinetic", database: .sqlite(path: "/srv/kinetic/kinetic.sqlite"),
            demo: .created(email: "demo@kinetic.app", password: "pw-1234"), mailServer: nil, tools: [ffmpeg, rsvg, qpdf],
            isInstalled: { $0 == qpdf }
        )
        let text = banner.text
        #expect(text.hasPrefix("Kinetic serves http://127.0.0.1:8080\n"))
        #expect(text.contains("data      /srv/kinetic (SQLite: kinetic.sqlite)"))
        #expect(text.contains("demo@kinetic.app with the password pw-1234"))
        #expect(text.contains("e-mail    off"))
        #expect(text.contains("tools     qpdf\n"))
        #expect(text.contains("missing   ffmpeg (ffmpeg): no adding songs"))
        #expect(text.contains("missing   librsvg2-bin (rsvg-convert): no cards in wish e-mails"))
        #expect(text.contains("install with: sudo apt-get install ffmpeg librsvg2-bin"))
        #expect(text.split(separator: "\n").count <= 10, "a short banner")

        banner.database = .postgres(url: "postgres://kinetic:secret@db.example.com:5432/kinetic")
        banner.demo = .existing(email: "demo@kinetic.app")
        banner.mailServer = "smtp.example.com:587"
        banner.isInstalled = { _ in true }
        #expect(banner.text.contains("PostgreSQL at db.example.com:5432/kinetic") && !banner.text.contains("secret"))
        #expect(banner.text.contains("its password was printed when it was made"))
        #expect(banner.text.contains("e-mail    through smtp.example.com:587"))
        #expect(!banner.text.contains("missing"))
    }

    @Test func banner_readsTheAddressAsServeDoes() {
        #expect(ServeBanner.address(arguments: ["kinetic", "serve"]) == "http://127.0.0.1:8080")
        #expect(ServeBanner.address(arguments: ["kinetic", "serve", "--port", "9000", "--hostname", "0.0.0.0"]) == "http://0.0.0.0:9000")
        #expect(ServeBanner.address(arguments: ["kinetic", "serve", "-b", "10.0.0.2:8081"]) == "http://10.0.0.2:8081")
        #expect(ServeBanner.address(arguments: ["kinetic", "serve", "-H", "::1"]) == "http://[::1]:8080")
        #expect(ServeBanner.address(arguments: ["kinetic", "serve", "--unix-socket", "/run/k.sock"]) == "unix:/run/k.sock")
    }
}
