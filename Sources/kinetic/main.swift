import App
import Foundation
import Logging
import Vapor

/// `kinetic serve` (the default), `kinetic migrate`, and the other commands `kinetic --help`
/// lists. Help is answered before anything is opened; Kinetic's own flags (`--data-dir`,
/// `--no-demo`) are read next; the rest go to Vapor.
if let help = CommandLineHelp.text(for: CommandLine.arguments) {
    FileHandle(fileDescriptor: help.isError ? 2 : 1).write(Data(help.text.utf8))
    exit(help.isError ? 64 : 0)
}
let loaded: (configuration: KineticConfiguration, remainingArguments: [String])
do {
    loaded = try KineticConfiguration.load(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data("kinetic: \(error)\n".utf8))
    exit(64)
}

var environment = try Environment.detect(arguments: loaded.remainingArguments)
try LoggingSystem.bootstrap(from: &environment)
let app = try await Application.make(environment)
let serving = loaded.remainingArguments.dropFirst().first == "serve"
do {
    try await configure(app, loaded.configuration)
    if serving {
        let banner = try await prepareToServe(app, arguments: loaded.remainingArguments)
        // On the terminal only: a password never goes to the log.
        FileHandle.standardOutput.write(Data(banner.text.utf8))
    }
    try await app.execute()
    // Asked to stop: requests in flight finish while the database is still open.
    if serving { await stopServing(app) }
} catch {
    // A clear message and a failure status, not a crash report.
    try? await app.asyncShutdown()
    FileHandle.standardError.write(Data("kinetic: \(error)\n".utf8))
    exit(1)
}
try await app.asyncShutdown()
