import Foundation
import KineticCore
import ObjectStorage

extension KineticConfiguration {
    /// Reads the configuration from Kinetic's own command-line flags and the environment, and
    /// returns the arguments left for Vapor (`serve --hostname … --port …`).
    ///
    /// Flags: `--data-dir DIR`, `--no-demo`, `--no-migrate`. Environment: `KINETIC_DATA_DIR`, `DATABASE_URL`,
    /// `KINETIC_DEMO_PASSWORD`, `KINETIC_NO_DEMO`, `KINETIC_BCRYPT_COST`, and `KINETIC_HOSTNAME` /
    /// `KINETIC_PORT` (passed on to `serve` when the flags are absent).
    public static func load(
        arguments: [String],
        environment: [String: String]
    ) throws -> (configuration: KineticConfiguration, remainingArguments: [String]) {
        var remaining: [String] = []
        var dataDirectory = environment["KINETIC_DATA_DIR"]
        var noDemo = try parseBool(environment["KINETIC_NO_DEMO"], name: "KINETIC_NO_DEMO") ?? false
        var noMigrate = false
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--data-dir":
                guard let value = iterator.next(), !value.isEmpty else {
                    throw ConfigurationError(description: "--data-dir needs a directory, e.g. --data-dir ./data")
                }
                dataDirectory = value
            case "--no-demo":
                noDemo = true
            case "--no-migrate":
                noMigrate = true
            default:
                if argument.hasPrefix("--data-dir=") {
                    dataDirectory = String(argument.dropFirst("--data-dir=".count))
                } else {
                    remaining.append(argument)
                }
            }
        }
        remaining = passServeSettings(remaining, environment: environment)

        var configuration = KineticConfiguration()
        configuration.createsDemoAccount = !noDemo
        configuration.migratesOnServe = !noMigrate
        configuration.demoPassword = environment["KINETIC_DEMO_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        if let password = configuration.demoPassword, password.count < 8 {
            throw ConfigurationError(description: "KINETIC_DEMO_PASSWORD must have at least 8 characters (saw \(password.count))")
        }
        if let cost = environment["KINETIC_BCRYPT_COST"] {
            guard let value = Int(cost), (4...31).contains(value) else {
                throw ConfigurationError(description: "KINETIC_BCRYPT_COST must be a whole number from 4 to 31 (saw \"\(cost)\")")
            }
            configuration.bcryptCost = value
        }
        configuration.maximumUploadBytes =
            try parseByteCount(environment["KINETIC_MAX_UPLOAD_BYTES"], name: "KINETIC_MAX_UPLOAD_BYTES")
            ?? configuration.maximumUploadBytes
        try configuration.loadAccountLimits(from: environment)
        configuration.mail = try MailSettings.load(from: environment)
        for module in KineticModules.all { try module.loadSettings(from: environment, into: &configuration.moduleSettings) }
        try configuration.loadAccountOwnership(from: environment)
        let directory = dataDirectory ?? "."
        configuration.dataDirectory = URL(fileURLWithPath: directory).standardizedFileURL.path
        configuration.uploadDirectory = URL(fileURLWithPath: directory).appendingPathComponent("uploads").path
        configuration.mediaDirectory =
            environment["KINETIC_MEDIA_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? URL(fileURLWithPath: directory).appendingPathComponent("media").path
        configuration.mediaStorage = try loadMediaStorage(from: environment)
        if let token = environment["KINETIC_METRICS_TOKEN"], !token.isEmpty {
            guard token.count >= 16, !token.contains(where: \.isWhitespace) else {
                throw ConfigurationError(
                    description: "KINETIC_METRICS_TOKEN must be at least 16 characters without spaces (saw \(token.count))")
            }
            configuration.metricsToken = token
        }
        if let proxies = environment["KINETIC_TRUSTED_PROXIES"], !proxies.isEmpty {
            let addresses = proxies.split(separator: ",").map { String($0.filter { $0 != " " }) }
            configuration.trustedProxies = Set(
                try addresses.map { address in
                    guard let canonical = IPAddressText.canonical(address) else {
                        throw ConfigurationError(
                            description:
                                "KINETIC_TRUSTED_PROXIES must list IP addresses separated by commas (saw \"\(address.prefix(40))\")")
                    }
                    return canonical
                })
        }
        configuration.storageQuotaBytes =
            try parseByteCount(environment["KINETIC_STORAGE_QUOTA"], name: "KINETIC_STORAGE_QUOTA") ?? configuration.storageQuotaBytes
        if let url = environment["DATABASE_URL"], !url.isEmpty {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw ConfigurationError(description: "DATABASE_URL must be a postgres:// URL (saw \"\(url.prefix(16))…\")")
            }
            configuration.database = .postgres(url: url)
        } else {
            try createDirectory(directory)
            configuration.database = .sqlite(path: URL(fileURLWithPath: directory).appendingPathComponent("kinetic.sqlite").path)
        }
        return (configuration, remaining)
    }

    /// A bucket when `KINETIC_MEDIA_URL` names one, with the credential it needs.
    private static func loadMediaStorage(from environment: [String: String]) throws -> MediaStorage {
        guard let text = environment["KINETIC_MEDIA_URL"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return .directory
        }
        let location: S3Location
        do {
            location = try S3Location(url: text)
        } catch let invalid as S3Location.Invalid {
            throw ConfigurationError(
                description:
                    "KINETIC_MEDIA_URL must name a bucket such as s3://kinetic-media?endpoint=https://s3.example.com&region=eu-central-1: \(invalid)"
            )
        }
        guard let keyID = environment["KINETIC_S3_ACCESS_KEY_ID"], !keyID.isEmpty,
            let secret = environment["KINETIC_S3_SECRET_ACCESS_KEY"], !secret.isEmpty
        else {
            throw ConfigurationError(
                description: "KINETIC_MEDIA_URL needs KINETIC_S3_ACCESS_KEY_ID and KINETIC_S3_SECRET_ACCESS_KEY, the bucket's credential")
        }
        return .s3(location, SignatureV4.Credentials(accessKeyID: keyID, secretAccessKey: secret))
    }

    /// Turns `KINETIC_HOSTNAME` / `KINETIC_PORT` into `serve` flags unless the flags were given.
    private static func passServeSettings(_ arguments: [String], environment: [String: String]) -> [String] {
        let isServe = arguments.count <= 1 || arguments[1] == "serve" || arguments[1].hasPrefix("-")
        guard isServe else { return arguments }
        var result = arguments
        if result.count == 1 { result.append("serve") }
        if let host = environment["KINETIC_HOSTNAME"], !result.contains("--hostname"), !result.contains("-H") {
            result += ["--hostname", host]
        }
        if let port = environment["KINETIC_PORT"], !result.contains("--port"), !result.contains("-p") {
            result += ["--port", port]
        }
        return result
    }

    /// Who may sign up and where links in e-mails point (see docs/configuration.md).
    private mutating func loadAccountOwnership(from environment: [String: String]) throws {
        if let mode = environment["KINETIC_SIGNUP"]?.trimmingCharacters(in: .whitespaces), !mode.isEmpty {
            guard let value = SignUpMode(rawValue: mode.lowercased()) else {
                throw ConfigurationError(description: "KINETIC_SIGNUP must be open, invite or closed (saw \"\(mode)\")")
            }
            signUpMode = value
        }
        if let text = environment["KINETIC_PUBLIC_URL"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil, url.user == nil
            else {
                throw ConfigurationError(
                    description:
                        "KINETIC_PUBLIC_URL must be the http(s) address people open Kinetic at, such as https://kinetic.example.com (saw \"\(text)\")"
                )
            }
            publicURL = text.hasSuffix("/") ? String(text.dropLast()) : text
        }
        if mail.smtp != nil, publicURL == nil {
            throw ConfigurationError(
                description:
                    "KINETIC_PUBLIC_URL is needed with KINETIC_SMTP_URL: the address people open Kinetic at, such as https://kinetic.example.com, for the links in e-mails"
            )
        }
    }

    /// The session, token and throttle settings (see docs/configuration.md).
    private mutating func loadAccountLimits(from environment: [String: String]) throws {
        let day: TimeInterval = 24 * 3600
        let read = { (name: String, range: ClosedRange<Int>) throws -> Int? in
            try Self.parseWholeNumber(environment[name], name: name, range: range)
        }
        sessionIdleTimeout = try read("KINETIC_SESSION_IDLE_DAYS", 1...365).map { Double($0) * day } ?? sessionIdleTimeout
        sessionLifetime = try read("KINETIC_SESSION_MAX_DAYS", 1...365).map { Double($0) * day } ?? sessionLifetime
        apiTokenLifetime = try read("KINETIC_TOKEN_DAYS", 1...3650).map { Double($0) * day } ?? apiTokenLifetime
        apiTokenCacheSeconds = try read("KINETIC_TOKEN_CACHE_SECONDS", 0...60).map(Double.init) ?? apiTokenCacheSeconds
        jobLease = try read("KINETIC_JOB_LEASE_SECONDS", 10...3600).map(Double.init) ?? jobLease
        loginBurstPerAccount = try read("KINETIC_LOGIN_BURST_PER_ACCOUNT", 1...1000) ?? loginBurstPerAccount
        loginBurstPerAddress = try read("KINETIC_LOGIN_BURST_PER_ADDRESS", 1...100_000) ?? loginBurstPerAddress
        loginRefillSeconds = try read("KINETIC_LOGIN_REFILL_SECONDS", 1...86_400).map(Double.init) ?? loginRefillSeconds
        signUpBurstPerAddress = try read("KINETIC_SIGNUP_BURST_PER_ADDRESS", 1...100_000) ?? signUpBurstPerAddress
        idleTimeoutSeconds = try read("KINETIC_IDLE_TIMEOUT_SECONDS", 10...3600) ?? idleTimeoutSeconds
        bodyPace.longestPause = try read("KINETIC_BODY_PAUSE_SECONDS", 1...3600).map(Double.init) ?? bodyPace.longestPause
        if let rate = try Self.parseByteCount(environment["KINETIC_MIN_BODY_RATE"], name: "KINETIC_MIN_BODY_RATE") {
            bodyPace.minimumBytesPerSecond = rate
        }
    }

    static func parseWholeNumber(_ value: String?, name: String, range: ClosedRange<Int>) throws -> Int? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        guard let number = Int(asciiDigits: value), range.contains(number) else {
            throw ConfigurationError(
                description: "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound) (saw \"\(value)\")")
        }
        return number
    }

    /// A size in bytes, with an optional `k`, `m` or `g` suffix (powers of 1,024): `2g`, `500m`.
    static func parseByteCount(_ value: String?, name: String) throws -> Int? {
        guard let value = value?.trimmingCharacters(in: .whitespaces).lowercased(), !value.isEmpty else { return nil }
        let shifts: [Character: Int] = ["k": 10, "m": 20, "g": 30]
        let shift = value.last.flatMap { shifts[$0] } ?? 0
        let digits = shift == 0 ? value : String(value.dropLast())
        guard let number = Int(asciiDigits: digits), number > 0, number <= (Int.max >> 31) else {
            throw ConfigurationError(description: "\(name) must be a size in bytes such as 2147483648, 500m or 2g (saw \"\(value)\")")
        }
        return number << shift
    }

    private static func parseBool(_ value: String?, name: String) throws -> Bool? {
        guard let value, !value.isEmpty else { return nil }
        switch value.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ConfigurationError(description: "\(name) must be true or false (saw \"\(value)\")")
        }
    }

    private static func createDirectory(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ConfigurationError(description: "The data directory \(path) is a file, not a directory")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ConfigurationError(description: "Cannot create the data directory \(path): \(error.localizedDescription)")
        }
    }
}
