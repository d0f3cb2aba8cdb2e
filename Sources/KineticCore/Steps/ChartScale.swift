/// A y axis from zero with "nice" ticks (1, 2 or 5 times a power of ten) that adapts to the maximum.
public struct ChartScale: Equatable, Sendable {
    /// The top of the axis, at or above the data's maximum.
    public let maximum: Int
    /// Tick values from 0 to `maximum`.
    public let ticks: [Int]

    /// The highest maximum the axis follows; larger data is drawn against this top (clipped).
    /// It keeps every step of the computation far from `Int.max`.
    public static let largestMaximum = 1_000_000_000_000

    /// About `targetTicks` intervals; a maximum of 0 gives the axis 0…1,000.
    public init(dataMaximum rawMaximum: Int, targetTicks: Int = 4) {
        let dataMaximum = min(max(rawMaximum, 0), Self.largestMaximum)
        let top = max(dataMaximum, 1)
        let rough = Double(top) / Double(targetTicks)
        var magnitude = 1
        while Double(magnitude * 10) <= rough { magnitude *= 10 }
        let step = [1, 2, 5, 10].map { $0 * magnitude }.first { Double($0) >= rough } ?? magnitude * 10
        let resolvedStep = dataMaximum == 0 ? 250 : step
        let count = Int((Double(top) / Double(resolvedStep)).rounded(.up))
        maximum = resolvedStep * max(count, dataMaximum == 0 ? 4 : 1)
        ticks = stride(from: 0, through: maximum, by: resolvedStep).map { $0 }
    }
}
