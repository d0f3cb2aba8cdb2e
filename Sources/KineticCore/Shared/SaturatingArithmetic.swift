/// Arithmetic over user data that can never trap: Swift's `+` and `Int(_: Double)` stop the
/// process on overflow, and one absurd stored number must not take the server down.
extension Int {
    /// `self + other`, held at `Int.max` / `Int.min` instead of overflowing.
    public func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// The nearest whole number to `value`, held within `Int`'s range; NaN is 0.
    public init(saturating value: Double) {
        let rounded = value.rounded()
        if rounded.isNaN {
            self = 0
        } else if rounded >= Double(Int.max) {
            self = .max
        } else if rounded <= Double(Int.min) {
            self = .min
        } else {
            self = Int(rounded)
        }
    }
}

extension Sequence where Element == Int {
    /// The sum of the elements, held at `Int.max` / `Int.min` instead of overflowing.
    public func saturatingSum() -> Int {
        reduce(0) { $0.addingSaturating($1) }
    }
}
