import Foundation

/// Every setting Kinetic reads at start-up, each with a documented default (see README).
public struct KineticConfiguration: Sendable {
    /// Where the database lives.
    public enum Database: Sendable, Equatable {
        /// A SQLite file at this path.
        case sqlite(path: String)
        /// A PostgreSQL server, from `DATABASE_URL`.
        case postgres(url: String)
    }

    /// The database. Default: `./kinetic.sqlite` (in `--data-dir`), or `DATABASE_URL` when set.
    public var database: Database
    /// Whether `serve` creates the demo account on an empty database. Default: true; `--no-demo` turns it off.
    public var createsDemoAccount: Bool
    /// The demo account's password. Default: a random one, printed at start.
    public var demoPassword: String?
    /// bcrypt cost factor. Default: 12.
    public var bcryptCost: Int
    /// Failed logins allowed in a burst per account before slowing down. Default: 5.
    public var loginBurstPerAccount: Int
    /// Failed logins allowed in a burst per client address. Default: 20.
    public var loginBurstPerAddress: Int
    /// Seconds for one failed-login allowance to come back. Default: 30.
    public var loginRefillSeconds: Double
    /// How long a web session lasts without use. Default: 30 days.
    public var sessionLifetime: TimeInterval
    /// The time zone that decides "today" and "this month" for goals. Default: the server's (`TZ`).
    public var timeZone: TimeZone

    public init(
        database: Database = .sqlite(path: "kinetic.sqlite"),
        createsDemoAccount: Bool = true,
        demoPassword: String? = nil,
        bcryptCost: Int = 12,
        loginBurstPerAccount: Int = 5,
        loginBurstPerAddress: Int = 20,
        loginRefillSeconds: Double = 30,
        sessionLifetime: TimeInterval = 30 * 24 * 3600,
        timeZone: TimeZone = .current
    ) {
        self.database = database
        self.createsDemoAccount = createsDemoAccount
        self.demoPassword = demoPassword
        self.bcryptCost = bcryptCost
        self.loginBurstPerAccount = loginBurstPerAccount
        self.loginBurstPerAddress = loginBurstPerAddress
        self.loginRefillSeconds = loginRefillSeconds
        self.sessionLifetime = sessionLifetime
        self.timeZone = timeZone
    }
}

/// A setting that is present but cannot be used; start-up stops with its message.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
