import Foundation
import KineticCore
import ObjectStorage

/// Every setting Kinetic reads at start-up, each with a documented default (see docs/configuration.md).
public struct KineticConfiguration: Sendable {
    /// Where the database lives.
    public enum Database: Sendable, Equatable {
        /// A SQLite file at this path.
        case sqlite(path: String)
        /// A PostgreSQL server, from `DATABASE_URL`.
        case postgres(url: String)
    }

    /// Where the SQLite file, uploads and media are kept, as an absolute path (`--data-dir`,
    /// `KINETIC_DATA_DIR`). Default: the working directory.
    public var dataDirectory: String = "."
    /// The database. Default: `./kinetic.sqlite` (in `--data-dir`), or `DATABASE_URL` when set.
    public var database: Database
    /// Whether `serve` creates the demo account on an empty database. Default: true; `--no-demo` turns it off.
    public var createsDemoAccount: Bool
    /// Whether `serve` runs the migrations not run yet before it listens. Default: true;
    /// `--no-migrate` leaves them to `kinetic migrate`.
    public var migratesOnServe = true
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
    /// Who may make an account (`KINETIC_SIGNUP`). Default: open.
    public var signUpMode: SignUpMode = .open
    /// The address people open Kinetic at, such as `https://kinetic.example.com`
    /// (`KINETIC_PUBLIC_URL`): links in e-mails start with it. Needed when mail is set up.
    public var publicURL: String?
    /// Sign-ups allowed in a burst from one client address. Default: 10.
    public var signUpBurstPerAddress: Int = 10
    /// Seconds for one sign-up allowance to come back. Default: 360 (ten an hour).
    public var signUpRefillSeconds: Double = 360
    /// How long a web session lasts at most, however much it is used. Default: 30 days.
    public var sessionLifetime: TimeInterval
    /// How long a web session lasts without use. Default: 7 days.
    public var sessionIdleTimeout: TimeInterval = 7 * 24 * 3600
    /// How long an API token lasts without use; each use moves its expiry this far ahead
    /// (at most once an hour). Default: 90 days.
    public var apiTokenLifetime: TimeInterval = 90 * 24 * 3600
    /// How long an instance trusts a signed-in API token without reading it again; a token
    /// revoked on another instance works there at most this long. 0 turns the cache off.
    /// Default: 5 seconds (`KINETIC_TOKEN_CACHE_SECONDS`).
    public var apiTokenCacheSeconds: TimeInterval = 5
    /// The time zone that decides "today" and "this month" for goals. Default: the server's (`TZ`).
    public var timeZone: TimeZone
    /// The largest upload accepted, in bytes. Default: 2 GiB (`KINETIC_MAX_UPLOAD_BYTES`).
    public var maximumUploadBytes: Int
    /// Where uploads wait while they are read; emptied at start, so a crash leaves nothing
    /// behind for long. Default: `uploads/` in the data directory.
    public var uploadDirectory: String
    /// The media directory: where media live unless ``mediaStorage`` names a bucket, and where
    /// an instance keeps the report import waiting for confirmation. Default: `media/` in the
    /// data directory (`KINETIC_MEDIA_DIR`).
    public var mediaDirectory: String = "media"
    /// Where songs, report files and wish photos and cards are kept (``MediaStorage``).
    /// Default: the media directory; a bucket with `KINETIC_MEDIA_URL`.
    public var mediaStorage: MediaStorage = .directory
    /// How much one user may keep in songs and photos, in bytes, unless an administrator set
    /// another figure for them (`KINETIC_STORAGE_QUOTA`, default 3 GiB).
    public var storageQuotaBytes = StorageQuota.defaultBytes
    /// How long a SQLite connection waits for another's write lock before giving up, in
    /// seconds. Default: 30. The test suite, which runs dozens of apps on two cores at once,
    /// allows more: a starved lock holder there is slow, not stuck.
    public var sqliteBusyTimeout: TimeInterval = 30
    /// The server's mail (``MailSettings``). Default: none, so no e-mail is sent.
    public var mail = MailSettings()
    /// Each module's own settings (``ModuleSettings``), read by the module.
    public var moduleSettings = ModuleSettings()
    /// This instance's name on the leases it takes (jobs): host, process and a random part, so
    /// two instances on one database never take each other's for their own.
    public var instanceID =
        "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8).lowercased())"
    /// How often idle job workers look for work though nothing woke them, in seconds (a job put
    /// in wakes them at once: on PostgreSQL through `LISTEN`, on any instance). Default: 2.
    public var jobPollInterval: TimeInterval = 2
    /// How long a claimed job stays with the instance running it without a heartbeat, in
    /// seconds (`KINETIC_JOB_LEASE_SECONDS`, 10–3600): another instance takes over the jobs of
    /// one that died once this has passed. Default: 60.
    public var jobLease: TimeInterval = 60
    /// The bearer token `/metrics` answers to (`KINETIC_METRICS_TOKEN`, 16+ characters).
    /// Default: none, and `/metrics` is 404.
    public var metricsToken: String?
    /// The addresses of the reverse proxies in front of Kinetic (`KINETIC_TRUSTED_PROXIES`),
    /// whose `X-Forwarded-For` names the client per-address limits count (``ClientAddress``).
    public var trustedProxies: Set<String> = []
    /// How slowly a request body may arrive before it is refused with 408 (``BodyPace``):
    /// at least `KINETIC_MIN_BODY_RATE` bytes a second (default 1k) after 20 s, with no pause
    /// longer than `KINETIC_BODY_PAUSE_SECONDS` (default 60).
    public var bodyPace = BodyPace.standard
    /// Seconds a connection may go without a byte either way before it is closed
    /// (`KINETIC_IDLE_TIMEOUT_SECONDS`, 10–3600). It bounds a client that stops sending its
    /// headers or its body, and must be longer than the longest answer Kinetic makes a client
    /// wait for (a song's analysis, `KINETIC_SONG_WAIT_SECONDS`). Default: 120.
    public var idleTimeoutSeconds = 120
    /// Where the current instant comes from. Default: the system clock; tests pin it.
    public var clock: KineticClock = .system

    public init(
        database: Database = .sqlite(path: "kinetic.sqlite"),
        createsDemoAccount: Bool = true,
        demoPassword: String? = nil,
        bcryptCost: Int = 12,
        loginBurstPerAccount: Int = 5,
        loginBurstPerAddress: Int = 20,
        loginRefillSeconds: Double = 30,
        sessionLifetime: TimeInterval = 30 * 24 * 3600,
        timeZone: TimeZone = .current,
        maximumUploadBytes: Int = 2 << 30,
        uploadDirectory: String = "uploads"
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
        self.maximumUploadBytes = maximumUploadBytes
        self.uploadDirectory = uploadDirectory
    }
}

/// Where media objects are kept.
public enum MediaStorage: Sendable, Equatable {
    /// Files in ``KineticConfiguration/mediaDirectory``: one instance, or several sharing the directory.
    case directory
    /// A bucket of an S3-compatible store, which any number of instances share
    /// (`KINETIC_MEDIA_URL`, `KINETIC_S3_ACCESS_KEY_ID`, `KINETIC_S3_SECRET_ACCESS_KEY`).
    case s3(S3Location, SignatureV4.Credentials)
}

/// A setting that is present but cannot be used; start-up stops with its message.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
