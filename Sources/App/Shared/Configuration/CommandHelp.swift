import Vapor

/// What `kinetic --help` and `kinetic <command> --help` say of one command: what it does, how
/// it is called, its options and the settings that matter most to it (``CommandLineHelp``).
struct CommandHelp: Sendable {
    let name: String
    let summary: String
    let usage: String
    var options: [(flag: String, meaning: String)] = []
    /// Settings read from the environment that matter most to this command.
    var environment: [(name: String, meaning: String)] = []
    var subcommands: [CommandHelp] = []
}

/// A command a module brings (``KineticModule/commands``): registered under its help's name,
/// so the help and the commands never disagree.
protocol KineticCommand: AnyAsyncCommand {
    /// Its name and what `--help` says of it.
    static var about: CommandHelp { get }
    init()
}

extension KineticCommand {
    /// Makes `kinetic <its name>` run it.
    static func register(on app: Application) {
        app.asyncCommands.use(Self(), as: about.name)
    }
}
