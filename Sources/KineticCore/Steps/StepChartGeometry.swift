/// The geometry of the month's step chart: x is the day of the month, y the steps of the day,
/// from zero up to a "nice" maximum. Days still to come get no point, nor do days before the
/// first data; today is still in progress, so the line stops at yesterday and a dashed one
/// leads on to today's point.
public struct StepChartGeometry: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public let day: Int
        public let steps: Int
        public let x: Double
        public let y: Double
    }

    public struct Tick: Equatable, Sendable {
        public let value: Int
        public let y: Double
    }

    public let width: Double
    public let height: Double
    /// The plot area inside the axes' labels.
    public let plotLeft: Double, plotRight: Double, plotTop: Double, plotBottom: Double
    public let points: [Point]
    public let ticks: [Tick]
    /// x positions of the day labels shown under the axis (1, 5, 10, … and the last day).
    public let dayLabels: [(day: Int, x: Double)]
    /// The point of today, when today is in the month.
    public let today: Point?

    public static func == (lhs: StepChartGeometry, rhs: StepChartGeometry) -> Bool {
        lhs.points == rhs.points && lhs.ticks == rhs.ticks && lhs.today == rhs.today
    }

    /// - Parameters:
    ///   - dayCount: days in the month.
    ///   - steps: steps by day of the month; days without an entry count as 0 up to `lastDay`.
    ///   - lastDay: the last day with a point (today in the current month, else `dayCount`).
    ///   - today: today's day of the month, when the month is the current one.
    ///   - firstDay: the first day with a point (the first data's, when it came this month).
    public init(
        dayCount: Int, steps: [Int: Int], lastDay: Int, today: Int?, firstDay: Int = 1, width: Double = 340, height: Double = 220
    ) {
        self.width = width
        self.height = height
        plotLeft = 44
        plotRight = width - 10
        plotTop = 12
        plotBottom = height - 26
        let scale = ChartScale(dataMaximum: steps.filter { $0.key <= lastDay }.values.max() ?? 0)
        let left = plotLeft, right = plotRight, top = plotTop, bottom = plotBottom
        func x(_ day: Int) -> Double { dayCount > 1 ? left + (right - left) * Double(day - 1) / Double(dayCount - 1) : left }
        func y(_ value: Int) -> Double { bottom - (bottom - top) * Double(min(value, scale.maximum)) / Double(scale.maximum) }
        let shownDays = max(0, min(lastDay, dayCount))
        let firstShown = max(1, firstDay)
        let points: [Point] =
            shownDays < firstShown
            ? []
            : (firstShown...shownDays).map { day in
                let value = steps[day] ?? 0
                return Point(day: day, steps: value, x: x(day), y: y(value))
            }
        self.points = points
        ticks = scale.ticks.map { Tick(value: $0, y: y($0)) }
        let labelled = ([1] + stride(from: 5, to: dayCount, by: 5).map { $0 } + [dayCount]).filter { $0 == dayCount || dayCount - $0 >= 3 }
        dayLabels = Array(Set(labelled)).sorted().map { ($0, x($0)) }
        let todayPoint = today.flatMap { day in points.first { $0.day == day } }
        self.today = todayPoint
    }

    /// The days that are over: every point but today's.
    public var settledPoints: [Point] { points.filter { $0.day != today?.day } }

    /// The SVG path of the line through the days that are over.
    public var linePath: String {
        settledPoints.enumerated().map { index, point in
            (index == 0 ? "M" : "L") + Self.format(point.x) + " " + Self.format(point.y)
        }.joined(separator: " ")
    }

    /// The SVG path of the area under that line, for a soft fill.
    public var areaPath: String {
        let settled = settledPoints
        guard let first = settled.first, let last = settled.last else { return "" }
        return linePath + " L" + Self.format(last.x) + " " + Self.format(plotBottom) + " L" + Self.format(first.x) + " "
            + Self.format(plotBottom) + " Z"
    }

    /// The dashed path from yesterday's point to today's (today is not over); nil without both.
    public var todayPath: String? {
        guard let today, let last = settledPoints.last else { return nil }
        return "M" + Self.format(last.x) + " " + Self.format(last.y) + " L" + Self.format(today.x) + " " + Self.format(today.y)
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
