import App
import Foundation
import Logging
import Vapor

/// `kinetic serve` (the default), `kinetic migrate`, and Vapor's other commands.
/// Kinetic's own flags (`--data-dir`, `--no-demo`) are read first; the rest go to Vapor.
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
do {
    try await configure(app, loaded.configuration)
    if loaded.remainingArguments.dropFirst().first == "serve", let password = try await prepareToServe(app) {
        // On the terminal only: a password never goes to the log.
        FileHandle.standardOutput.write(Data("Demo account created. Log in with \(DemoSeeder.email) and the password \(password)\n".utf8))
    }
    try await app.execute()
} catch {
    // A clear message and a failure status, not a crash report.
    try? await app.asyncShutdown()
    FileHandle.standardError.write(Data("kinetic: \(error)\n".utf8))
    exit(1)
}
try await app.asyncShutdown()
