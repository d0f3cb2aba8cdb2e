import Foundation
import NIOConcurrencyHelpers
import Vapor

/// The files under `Resources/` decoded once per process. They ship with the build and do not
/// change while Kinetic runs, so the String Catalog, the exercise catalogue and the password
/// list are read by the first application that asks, and every later one (a test process
/// configures hundreds) shares that reading. A file that fails to read or decode is not kept:
/// the next application tries again and reports the same error. A reading is kept per file and
/// type made of it (each file has one reader); it is made under the lock, so an application that
/// asks meanwhile waits for it rather than decoding the file again.
enum ShippedResources {
    private static let decoded = NIOLockedValueBox<[String: any Sendable]>([:])

    /// The value `decode` makes of the file at `path`, decoded the first time it is asked for.
    static func value<Value: Sendable>(at path: String, _ what: String, decode: (Data) throws -> Value) throws -> Value {
        let key = "\(Value.self) \(path)"
        return try decoded.withLockedValue { decoded in
            if let value = decoded[key] as? Value { return value }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ConfigurationError(description: "Cannot read \(what) at \(path); run Kinetic from the repository root")
            }
            let value = try decode(data)
            decoded[key] = value
            return value
        }
    }
}
