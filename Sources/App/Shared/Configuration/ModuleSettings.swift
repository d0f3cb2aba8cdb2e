/// One module's settings, read from the environment at start with the rest of the
/// configuration (each module's own, so the shared configuration names no module).
protocol ModuleSetting: Sendable {
    /// The settings when the environment says nothing.
    init()
    /// Reads them; a setting present but unusable throws a ``ConfigurationError`` naming it.
    static func load(from environment: [String: String]) throws -> Self
}

/// The modules' settings by type: `configuration.moduleSettings[Settings.self]`,
/// which a module wraps in a property of its own. A type never stored reads as its defaults.
public struct ModuleSettings: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    subscript<Setting: ModuleSetting>(_ type: Setting.Type) -> Setting {
        get { values[ObjectIdentifier(type)] as? Setting ?? Setting() }
        set { values[ObjectIdentifier(type)] = newValue }
    }

    /// Reads `type` from `environment` and keeps it.
    mutating func load<Setting: ModuleSetting>(_ type: Setting.Type, from environment: [String: String]) throws {
        self[type] = try type.load(from: environment)
    }
}
