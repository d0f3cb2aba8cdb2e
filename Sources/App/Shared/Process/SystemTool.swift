import Foundation

/// A program from the system that a module uses when it is installed, and what is missing
/// without it. Modules list theirs (``KineticModules/systemTools``); `serve` names the missing
/// ones at start, with the package that brings them.
struct SystemTool: Sendable, Hashable {
    /// Where Kinetic runs it from.
    let path: String
    /// The Debian package that installs it.
    let debianPackage: String
    /// What does not work without it, as the start-up banner says it.
    let neededFor: String

    var name: String { (path as NSString).lastPathComponent }

    var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }
}
