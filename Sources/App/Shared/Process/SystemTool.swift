import Foundation

/// A program (or a library of files, like pdf.js) from the system that a module uses when it is
/// installed, and what is missing without it. Modules list theirs (``KineticModules/systemTools``); `serve` names the missing
/// ones at start, with the package that brings them.
struct SystemTool: Sendable, Hashable {
    /// Where Kinetic runs it from.
    let path: String
    /// The Debian package that installs it.
    let debianPackage: String
    /// What does not work without it, as the start-up banner says it.
    let neededFor: String
    /// Whether it is run (so must be executable) rather than read.
    var isProgram = true

    var name: String { (path as NSString).lastPathComponent }

    var isInstalled: Bool {
        isProgram ? FileManager.default.isExecutableFile(atPath: path) : FileManager.default.isReadableFile(atPath: path)
    }
}
