import Vapor

extension Storage {
    /// A value `configure(_:_:)` stores at start-up (`what` names it for the message). Reading
    /// it before is a programming error, so it stops the program with that message.
    func configured<Key: StorageKey>(_ key: Key.Type, _ what: String) -> Key.Value {
        guard let value = self[key] else { fatalError("configure(_:_:) sets up \(what) before it is used") }
        return value
    }
}
