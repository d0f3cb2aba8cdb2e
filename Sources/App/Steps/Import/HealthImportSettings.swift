import AppleHealth
import Foundation

/// How much an Apple Health export may hold (`KINETIC_MAX_EXPORT_XML_BYTES`, default 16 GiB) and
/// how far a zip entry may expand (`KINETIC_MAX_COMPRESSION_RATIO`, 2–100000, default 100).
/// The upload itself is bounded by the server's largest upload (`KINETIC_MAX_UPLOAD_BYTES`).
struct HealthImportSettings: ModuleSetting {
    var exportLimits = HealthExportReader.Limits()

    static func load(from environment: [String: String]) throws -> HealthImportSettings {
        var settings = HealthImportSettings()
        if let bytes = try KineticConfiguration.parseByteCount(
            environment["KINETIC_MAX_EXPORT_XML_BYTES"], name: "KINETIC_MAX_EXPORT_XML_BYTES")
        {
            settings.exportLimits.maximumXMLBytes = bytes
        }
        if let ratio = try KineticConfiguration.parseWholeNumber(
            environment["KINETIC_MAX_COMPRESSION_RATIO"], name: "KINETIC_MAX_COMPRESSION_RATIO", range: 2...100_000)
        {
            settings.exportLimits.maximumCompressionRatio = ratio
        }
        return settings
    }
}

extension KineticConfiguration {
    /// What an Apple Health export may hold (``HealthImportSettings``).
    var exportLimits: HealthExportReader.Limits {
        get { moduleSettings[HealthImportSettings.self].exportLimits }
        set { moduleSettings[HealthImportSettings.self].exportLimits = newValue }
    }
}
