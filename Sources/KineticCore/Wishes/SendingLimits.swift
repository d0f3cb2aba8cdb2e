/// How many e-mail recipients one account may reach, in a rolling hour and a rolling day: the
/// server sends under its operator's name, so one account must not be able to turn it into a
/// spam relay. An account in its first day gets fewer (``firstDay`` for the hour and the day).
///
/// Checked twice: when a wish is scheduled, against the recipients the account scheduled in the
/// windows before now (422 naming the limit and when it frees up); and when its e-mails go,
/// against those delivered (one over the limit waits until the window frees, never fails).
public struct SendingLimits: Sendable, Equatable {
    public var perHour: Int
    public var perDay: Int
    /// Both limits for an account less than a day old.
    public var firstDay: Int

    public static let hour: Double = 3600
    public static let day: Double = 24 * 3600

    public init(perHour: Int = 20, perDay: Int = 50, firstDay: Int = 10) {
        self.perHour = perHour
        self.perDay = perDay
        self.firstDay = firstDay
    }

    /// A limit reached: at most `limit` recipients per `window` seconds; room for what was asked
    /// from `freesAt` (seconds since 1970), or never when more was asked than the limit allows.
    public struct Reached: Sendable, Equatable {
        public let limit: Int
        public let window: Double
        public let freesAt: Double?
    }

    /// The limits of an account made at `createdAt`, at `now` (both seconds since 1970).
    public func allowance(createdAt: Double?, now: Double) -> (hour: Int, day: Int) {
        let isNew = createdAt.map { now - $0 < Self.day } ?? false
        return isNew ? (min(perHour, firstDay), min(perDay, firstDay)) : (perHour, perDay)
    }

    /// Whether `count` more recipients fit at `now`, given when earlier ones were counted
    /// (seconds since 1970, any order, older ones ignored); the first limit reached otherwise.
    public func check(adding count: Int, earlier: [Double], createdAt: Double?, now: Double) -> Reached? {
        let allowance = allowance(createdAt: createdAt, now: now)
        for (limit, window) in [(allowance.hour, Self.hour), (allowance.day, Self.day)] {
            let inWindow = earlier.filter { $0 > now - window && $0 <= now }.sorted()
            guard inWindow.count + count > limit else { continue }
            guard count <= limit else { return Reached(limit: limit, window: window, freesAt: nil) }
            // The oldest ones must leave the window first.
            let leaving = inWindow.count + count - limit
            return Reached(limit: limit, window: window, freesAt: inWindow[leaving - 1] + window)
        }
        return nil
    }
}
