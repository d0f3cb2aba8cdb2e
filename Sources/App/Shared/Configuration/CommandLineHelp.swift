/// What `kinetic --help` and `kinetic <command> --help` print: Kinetic's own commands and flags,
/// answered before anything is configured, so asking for help opens no database and writes
/// no file. Vapor's commands (`serve`, `migrate`, `routes`) are described here; each module's
/// come from the module (``KineticModule/commands``), registered under the same names.
public enum CommandLineHelp {
    /// The help to print for `arguments` (as `CommandLine.arguments`, the program first), or nil
    /// when they ask for no help. An unknown command gets the overview, flagged as unknown.
    public static func text(for arguments: [String]) -> (text: String, isError: Bool)? {
        let words = Array(arguments.dropFirst())
        let asksForHelp = words.contains("--help") || words.contains("-h") || words.first == "help"
        let commandName = words.first { !$0.hasPrefix("-") && $0 != "help" }
        if let commandName, !commands.contains(where: { $0.name == commandName }) {
            guard !isFlagValue(commandName, in: words) else { return asksForHelp ? (overview, false) : nil }
            return ("kinetic: unknown command \"\(commandName)\"\n\n" + overview, true)
        }
        guard asksForHelp else { return nil }
        guard let commandName, let command = commands.first(where: { $0.name == commandName }) else { return (overview, false) }
        let subcommandName = words.drop { $0 != commandName }.dropFirst().first { !$0.hasPrefix("-") && $0 != "help" }
        if let subcommandName, let subcommand = command.subcommands.first(where: { $0.name == subcommandName }) {
            return (describe(subcommand), false)
        }
        return (describe(command), false)
    }

    /// The names of the commands this help describes, for the test that compares them with
    /// the registered ones.
    static var commandNames: [String] { commands.map(\.name) }

    /// The subcommands of `admin` this help describes.
    static var adminSubcommandNames: [String] { commands.first { $0.name == "admin" }?.subcommands.map(\.name) ?? [] }

    /// Whether `word` is the value of a flag that takes one (`--data-dir ./data`), not a command.
    private static func isFlagValue(_ word: String, in words: [String]) -> Bool {
        guard let index = words.firstIndex(of: word), index > 0 else { return false }
        return flagsWithValues.contains(words[index - 1])
    }

    private static let flagsWithValues: Set<String> = [
        "--data-dir", "--log", "--env", "-e", "--hostname", "-H", "--port", "-p", "--bind", "-b", "--unix-socket",
    ]

    private static let commonOptions: [(flag: String, meaning: String)] = [
        ("--data-dir DIR", "where kinetic.sqlite, uploads/ and media/ are kept (KINETIC_DATA_DIR; default: the working directory)"),
        ("--log LEVEL", "trace, debug, info, notice, warning, error or critical (LOG_LEVEL; default: info)"),
        ("--env NAME", "development or production (VAPOR_ENV; default: development)"),
        ("-h, --help", "this help"),
    ]

    /// Every command, Vapor's and the modules', in the order the overview lists them.
    static var commands: [CommandHelp] {
        [serve, MigrateCommand.about, BackupCommand.about, RestoreCommand.about]
            + KineticModules.all.flatMap { module in module.commands.map { $0.about } } + [routes]
    }

    private static let serve =
        CommandHelp(
            name: "serve", summary: "Serves Kinetic over HTTP (what `kinetic` alone does).",
            usage: "kinetic serve [--hostname HOST] [--port PORT] [--data-dir DIR] [--no-demo] [--no-migrate]",
            options: [
                ("-H, --hostname HOST", "the address to listen on (KINETIC_HOSTNAME; default: 127.0.0.1)"),
                ("-p, --port PORT", "the port to listen on (KINETIC_PORT; default: 8080)"),
                ("-b, --bind HOST:PORT", "both at once"),
                ("--unix-socket PATH", "listen on a Unix socket instead"),
                ("--no-demo", "no demo account, workout or report library on an empty database (KINETIC_NO_DEMO=true)"),
                ("--no-migrate", "leave the migrations to `kinetic migrate`: serve waits until they have run before it listens"),
            ],
            environment: [
                ("DATABASE_URL", "postgres://user:password@host:5432/db to use PostgreSQL instead of SQLite"),
                ("KINETIC_DEMO_PASSWORD", "the demo account's password (default: random, printed at start)"),
                ("KINETIC_SMTP_URL, KINETIC_MAIL_FROM, KINETIC_PUBLIC_URL", "send e-mail: address confirmations and wishes"),
                ("KINETIC_SIGNUP", "open, invite or closed: who may make an account (default: open)"),
                ("KINETIC_STARTER_SONGS_DIR", "where the starter songs are mixed from; none: no starter songs (default: Debian's)"),
            ]
        )

    private static let routes = CommandHelp(name: "routes", summary: "Lists every route the server answers.", usage: "kinetic routes")

    private static var overview: String {
        """
        Kinetic: Goals, Steps, Workouts, Reports and Wishes in one web application.

        Usage: kinetic [COMMAND] [OPTIONS]     (no command: serve)

        Commands:
        \(listing(commands))

        Options of every command:
        \(table(commonOptions))

        `kinetic COMMAND --help` tells more about one. Every other setting comes from the
        environment (DATABASE_URL, KINETIC_SMTP_URL, …): docs/configuration.md lists
        them all. Run Kinetic from the repository root: it serves Public/ and reads Resources/.

        """
    }

    private static func describe(_ command: CommandHelp) -> String {
        var parts = [command.summary, "Usage: " + command.usage]
        if !command.subcommands.isEmpty { parts.append("Subcommands:\n" + listing(command.subcommands)) }
        if !command.options.isEmpty { parts.append("Options:\n" + table(command.options)) }
        parts.append("Options of every command:\n" + table(commonOptions))
        if !command.environment.isEmpty {
            parts.append(
                "From the environment (docs/configuration.md has every setting):\n"
                    + table(command.environment.map { (flag: $0.name, meaning: $0.meaning) }))
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// Commands by name, with what each does, names aligned.
    private static func listing(_ commands: [CommandHelp]) -> String {
        let width = commands.map(\.name.count).max() ?? 0
        return commands.map { "  " + pad($0.name, width) + "  " + $0.summary }.joined(separator: "\n")
    }

    private static func table(_ rows: [(flag: String, meaning: String)]) -> String {
        let width = min(rows.map(\.flag.count).max() ?? 0, 24)
        return rows.map { row in
            row.flag.count > width ? "  \(row.flag)\n  \(pad("", width))  \(row.meaning)" : "  \(pad(row.flag, width))  \(row.meaning)"
        }.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
