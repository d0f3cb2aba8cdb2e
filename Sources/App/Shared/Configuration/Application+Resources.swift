import Foundation
import Vapor

extension Application {
    /// The bytes of `Resources/<relativePath>` (`what` names it in the error); Kinetic reads its
    /// resources once at start-up and stops with a clear message when one is missing.
    func resourceData(_ relativePath: String, _ what: String) throws -> Data {
        let path = directory.resourcesDirectory + relativePath
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(description: "Cannot read \(what) at \(path); run Kinetic from the repository root")
        }
        return data
    }
}
