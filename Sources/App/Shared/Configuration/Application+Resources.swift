import Foundation
import Vapor

extension Application {
    /// `Resources/<relativePath>` read by `decode` once per process, every application it
    /// configures sharing one reading (see ``ShippedResources``); `what` names the file in the
    /// error that stops Kinetic at start-up when it is missing or broken.
    func resource<Value: Sendable>(_ relativePath: String, _ what: String, decode: (Data) throws -> Value) throws -> Value {
        try ShippedResources.value(at: directory.resourcesDirectory + relativePath, what, decode: decode)
    }
}
