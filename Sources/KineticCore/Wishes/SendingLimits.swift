/// How many e-mail recipients one account may reach, in any hour and any day: the server sends
/// under its operator's name, so one account must not be able to turn it into a spam relay. An
/// account in its first day gets fewer (``firstDay`` for the hour and the day).
///
/// Counted by when the e-mails go, not by when they were scheduled: a wish prepared weeks ahead
/// takes room in the day it goes out in, which the other wishes going that day share. Checked
/// twice:
/// - when a wish is scheduled (``checkScheduling(adding:at:others:createdAt:)``), against the
///   account's other e-mails around its send time, scheduled or sent: over the day's limit it is
///   refused (422 naming the first time with room); over the hour's it is taken, since its
///   e-mails then wait their turn within the hour (30 Christmas wishes at 9:00 go by 10:00);
/// - when its e-mails go (``check(adding:at:others:createdAt:)``), against those delivered: one
///   over either limit waits until there is room, never fails.
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

    /// A limit reached: at most `limit` recipients per `window` seconds (the first day's limit
    /// when `inFirstDay`); room for what was asked from `freesAt` (seconds since 1970), or never
    /// when more was asked than any limit allows.
    public struct Reached: Sendable, Equatable {
        public let limit: Int
        public let window: Double
        public let freesAt: Double?
        public let inFirstDay: Bool

        public init(limit: Int, window: Double, freesAt: Double?, inFirstDay: Bool = false) {
            self.limit = limit
            self.window = window
            self.freesAt = freesAt
            self.inFirstDay = inFirstDay
        }
    }

    /// The limits of an account made at `createdAt`, for e-mails going at `time` (both seconds
    /// since 1970), and whether they are its first day's.
    public func allowance(createdAt: Double?, at time: Double) -> (hour: Int, day: Int, inFirstDay: Bool) {
        let isNew = createdAt.map { time - $0 < Self.day } ?? false
        return isNew ? (min(perHour, firstDay), min(perDay, firstDay), true) : (perHour, perDay, false)
    }

    /// Whether `count` more recipients fit when they go at `time`, beside the account's other
    /// e-mail recipients, going or gone at `others` (seconds since 1970, any order): every hour
    /// and every day that holds `time` must keep within the allowance of that time. Nil when
    /// they fit; else the limit they break, with the first time after `time` when they would fit
    /// (an hour or a day after one of `others`, when one leaves the window, or the end of the
    /// account's first day), or none when more were asked than any limit allows.
    public func check(adding count: Int, at time: Double, others: [Double], createdAt: Double?) -> Reached? {
        firstRoom(adding: count, at: time, others: others, createdAt: createdAt, hourAtOnceOnly: false)
    }

    /// Whether a wish with `count` e-mail recipients may be scheduled for `time`, beside the
    /// account's others going or gone at `others`: as ``check(adding:at:others:createdAt:)``,
    /// except that the hour's limit refuses only a wish with more recipients than it allows
    /// (the rest wait their turn when they go).
    public func checkScheduling(adding count: Int, at time: Double, others: [Double], createdAt: Double?) -> Reached? {
        firstRoom(adding: count, at: time, others: others, createdAt: createdAt, hourAtOnceOnly: true)
    }

    /// Whether the hour holding `time` has no room for `count` more, so that some of them wait
    /// their turn when they go: what a sender is told before scheduling.
    public func hourIsFull(adding count: Int, at time: Double, others: [Double], createdAt: Double?) -> Bool {
        let allowance = allowance(createdAt: createdAt, at: time)
        return Self.fullestWindow(holding: time, length: Self.hour, sorted: others.sorted()) + count > allowance.hour
    }

    private func firstRoom(adding count: Int, at time: Double, others: [Double], createdAt: Double?, hourAtOnceOnly: Bool) -> Reached? {
        let sorted = others.sorted()
        let broken = { (time: Double) in
            self.limitBroken(adding: count, at: time, sorted: sorted, createdAt: createdAt, hourAtOnceOnly: hourAtOnceOnly)
        }
        guard let reached = broken(time) else { return nil }
        // Room comes only when one of the others leaves a window, or the first day ends; send
        // times are whole minutes, so each is taken at the minute it has begun by.
        let candidates = Set(
            (sorted.flatMap { [$0, $0 + Self.hour, $0 + Self.day] } + [createdAt.map { $0 + Self.day }].compactMap { $0 })
                .map { ($0 / 60).rounded(.up) * 60 }
        ).filter { $0 > time }.sorted()
        let freesAt = candidates.first { broken($0) == nil }
        return Reached(limit: reached.limit, window: reached.window, freesAt: freesAt, inFirstDay: reached.inFirstDay)
    }

    /// The first limit `count` more at `time` break, beside `sorted`; the hour's only by more than
    /// it allows at once when `hourAtOnceOnly`.
    private func limitBroken(adding count: Int, at time: Double, sorted: [Double], createdAt: Double?, hourAtOnceOnly: Bool) -> Reached? {
        let allowance = allowance(createdAt: createdAt, at: time)
        var windows = [(allowance.hour, Self.hour), (allowance.day, Self.day)]
        // The first day's limit is the first day's: what goes out after it does not count in it.
        if allowance.inFirstDay, let createdAt {
            let inFirstDay = sorted.filter { $0 < createdAt + Self.day }.count
            if inFirstDay + count > firstDay { return Reached(limit: firstDay, window: Self.day, freesAt: nil, inFirstDay: true) }
            windows = [(allowance.hour, Self.hour)]
        }
        for (limit, window) in windows {
            let fullest = hourAtOnceOnly && window == Self.hour ? 0 : Self.fullestWindow(holding: time, length: window, sorted: sorted)
            if fullest + count > limit { return Reached(limit: limit, window: window, freesAt: nil, inFirstDay: allowance.inFirstDay) }
        }
        return nil
    }

    /// The most of `sorted` that one window `[start, start + length)` holding `time` holds. The
    /// fullest starts at `time` or at one of them: a window moved later until its start meets
    /// one of them or `time` loses none and may gain some.
    static func fullestWindow(holding time: Double, length: Double, sorted: [Double]) -> Int {
        let starts =
            [time]
            + sorted[sorted.firstIndex(notBefore: time - length, strictly: true)..<sorted.firstIndex(notBefore: time, strictly: true)]
        return starts.map { start in
            sorted.firstIndex(notBefore: start + length, strictly: false) - sorted.firstIndex(notBefore: start, strictly: false)
        }.max() ?? 0
    }
}

extension Array where Element == Double {
    /// In an ascending array, the index of the first element at least `value` (past it when
    /// `strictly`), or the end: found by halving, for the limits' many windows.
    fileprivate func firstIndex(notBefore value: Double, strictly: Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value || strictly && self[middle] == value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
