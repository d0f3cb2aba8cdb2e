/// Which month a monthly page shows and where its month bar leads: the requested month held
/// within the user's months (their first month to the current one), the months either side
/// while there are any, and every month the picker offers.
public struct MonthNavigation: Equatable, Sendable {
    /// The month shown.
    public let month: Month
    /// The month before, unless `month` is the first.
    public let previous: Month?
    /// The month after, unless `month` is the current one.
    public let next: Month?
    /// The user's months, first to current.
    public let months: ClosedRange<Month>

    /// `requested` (nil: the current month) held within `first...current`; a `first` after
    /// `current` (a clock set back) counts as `current`.
    public init(requested: Month?, first: Month, current: Month) {
        let first = min(first, current)
        let month = min(max(requested ?? current, first), current)
        self.month = month
        previous = month > first ? month.previous : nil
        next = month < current ? month.next : nil
        months = first...current
    }

    /// Whether the page shows the current month (its texts say "this month").
    public var isCurrent: Bool { next == nil }
}
