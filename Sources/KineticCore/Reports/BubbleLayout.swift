import Foundation

/// Where a level's bubbles start. Up to a ring of them (``make(_:)``): the centre bubble in the
/// middle of a portrait stage and the level's categories (circles) and reports (rectangles)
/// around it, in order, pushed apart until no two overlap, none covers the centre and all are
/// inside the stage. More (``crowded(_:columns:)``): rows in reading order under the centre.
/// Units: the stage is 1 wide and ``stageHeight`` tall; positions are bubbles' centres. The
/// browser animates from these and relaxes them again while one is dragged.
public struct BubbleLayout: Equatable, Sendable {
    public enum Shape: Equatable, Sendable { case circle, rectangle }

    public struct Bubble: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// Its point nearest `other`'s middle, and how far that is from it.
        func nearestPoint(to other: Bubble) -> (x: Double, y: Double, distance: Double) {
            let nearX = min(max(other.x, x - width / 2), x + width / 2)
            let nearY = min(max(other.y, y - height / 2), y + height / 2)
            return (nearX, nearY, ((nearX - other.x) * (nearX - other.x) + (nearY - other.y) * (nearY - other.y)).squareRoot())
        }

        /// How far the two overlap along each axis (positive when they do), with `gap` kept
        /// between them.
        func overlap(with other: Bubble, gap: Double) -> (x: Double, y: Double) {
            ((width + other.width) / 2 + gap - abs(x - other.x), (height + other.height) / 2 + gap - abs(y - other.y))
        }
    }

    /// The stage's height for a width of 1: 1.25 (4:5) or taller when the level holds more.
    public let stageHeight: Double
    public let centre: Bubble
    /// One per shape given, in the same order.
    public let bubbles: [Bubble]

    /// Sizes at the stage's width of 1.
    public static let centreSize = 0.34
    public static let circleSize = 0.29
    public static let rectangleSize = (width: 0.42, height: 0.2)
    public static let gap = 0.018
    /// How far from the centre's middle, in its widths, every bubble keeps: all of it and a gap,
    /// so the level's name on it is never covered.
    public static let centreKept = 0.5 + gap / centreSize
    public static let portraitHeight = 1.25
    /// Up to this many bubbles stand in a ring around the centre.
    public static let ringLimit = 8
    /// A ring (a level, or a page of a crowded one: ``BubblePages``) may cover this much of its
    /// stage, which may grow to ``ringHeight`` before its bubbles shrink: a phone is taller than
    /// 4:5, and a title needs the room more than the gaps do.
    public static let ringDensity = 0.5
    public static let ringHeight = 1.6
    /// A landscape stage (a tablet held sideways, a laptop): its height for a width of 1, and
    /// the bubbles' sizes in its units, which stand about as large on it as on a portrait stage
    /// of the same screen's height. The browser takes it when the screen is wider than tall.
    public static let landscapeHeight = 0.62
    public static let landscapeScale = 0.72

    /// The starting layout for a ring of `shapes` (at most ``ringLimit``; a level with more is
    /// laid out by ``crowded(_:columns:)``): around the centre, alternately a little nearer and
    /// further so it reads as bubbles rather than a clock face. Bubbles shrink a little for a
    /// full ring, then the stage grows taller. A `landscape` stage keeps its height
    /// (``landscapeHeight``) and its bubbles shrink from ``landscapeScale`` until they settle.
    public static func make(_ shapes: [Shape], landscape: Bool = false) -> BubbleLayout {
        if landscape {
            var scale = landscapeScale
            while true {
                let layout = ring(shapes, height: landscapeHeight, scale: scale)
                if layout.settled || scale < landscapeScale * 0.6 { return layout.layout }
                scale *= 0.97
            }
        }
        let area =
            shapes.reduce(0.0) { total, shape in
                total + (shape == .circle ? circleSize * circleSize : rectangleSize.width * rectangleSize.height)
            } + centreSize * centreSize
        // The stage grows a step at a time while the ring does not settle without overlaps
        // (a wide card cannot stand beside the centre), then the bubbles shrink.
        var height = min(ringHeight, max(portraitHeight, area / ringDensity))
        var scale = min(1, (ringDensity * height / area).squareRoot())
        while true {
            let layout = ring(shapes, height: height, scale: scale)
            if layout.settled || scale < 0.6 { return layout.layout }
            if height < ringHeight {
                height = min(ringHeight, height + 0.05)
                scale = min(1, (ringDensity * height / area).squareRoot())
            } else {
                scale *= 0.97
            }
        }
    }

    private static func ring(_ shapes: [Shape], height: Double, scale: Double) -> (layout: BubbleLayout, settled: Bool) {
        let centre = Bubble(x: 0.5, y: height / 2, width: centreSize * scale, height: centreSize * scale)
        let count = Double(max(shapes.count, 1))
        var bubbles = shapes.enumerated().map { index, shape -> Bubble in
            let size = shape == .circle ? (circleSize, circleSize) : (rectangleSize.width, rectangleSize.height)
            let width = size.0 * scale, bubbleHeight = size.1 * scale
            let reachX = 0.5 - width / 2, reachY = height / 2 - bubbleHeight / 2
            let angle = -Double.pi / 2 + 2 * Double.pi * Double(index) / count + (shapes.count.isMultiple(of: 2) ? Double.pi / count : 0)
            let radius = 0.74 + (index.isMultiple(of: 2) ? 0.06 : -0.04)
            return Bubble(
                x: 0.5 + radius * reachX * cos(angle), y: height / 2 + radius * reachY * 0.82 * sin(angle), width: width,
                height: bubbleHeight)
        }
        relax(&bubbles, around: centre, stageHeight: height, pinned: nil)
        // Settled: no two overlap and none covers the centre (the relaxation may still be
        // nudging by its gap).
        let apart = bubbles.indices.allSatisfy { i in
            bubbles.indices.allSatisfy { j in
                let overlap = bubbles[i].overlap(with: bubbles[j], gap: 0)
                return j <= i || overlap.x <= 1e-9 || overlap.y <= 1e-9
            }
        }
        let centreClear = bubbles.allSatisfy { $0.nearestPoint(to: centre).distance >= centre.width / 2 }
        return (BubbleLayout(stageHeight: height, centre: centre, bubbles: bubbles), apart && centreClear)
    }

    /// One item of a crowded level: its shape, and whether it stands out among the level's
    /// items (``prominent(_:)``), when a report takes two columns.
    public struct Item: Equatable, Sendable {
        public var shape: Shape
        public var isProminent: Bool

        public init(_ shape: Shape, isProminent: Bool = false) {
            self.shape = shape
            self.isProminent = isProminent
        }
    }

    /// Columns of a crowded level on a phone (a stage under ``wideStage`` points) and wider.
    public static let compactColumns = 3
    public static let wideColumns = 6
    /// The stage width from which the wide layout is used, in CSS pixels.
    public static let wideStage = 560.0

    /// A crowded level (more than a ring): every item at once, in reading order — left to right
    /// in rows of `columns` cells, top to bottom — under the level's centre, which stands at the
    /// top as a wide pill and is never covered. A category is a circle one cell across; a
    /// report a card, two cells wide when it is prominent and the row has room. A row is as tall
    /// as its tallest item, which the others are centred beside; the stage is as tall as the rows.
    public static func crowded(_ items: [Item], columns: Int) -> BubbleLayout {
        let columns = max(columns, 1)
        let cell = (1 - gap * Double(columns + 1)) / Double(columns)
        let centre = Bubble(x: 0.5, y: gap + cell * 0.3, width: min(0.8, cell * 4), height: cell * 0.6)
        var bubbles: [Bubble] = []
        var rowTop = centre.y + centre.height / 2 + gap * 2
        var row: [Bubble] = []
        var cursor = gap
        func closeRow() {
            let rowHeight = row.map(\.height).max() ?? 0
            bubbles += row.map { Bubble(x: $0.x, y: rowTop + rowHeight / 2, width: $0.width, height: $0.height) }
            rowTop += rowHeight + gap
            row = []
            cursor = gap
        }
        // The cells left in the row (a hair of tolerance for rounding).
        func room() -> Int { Int(((1 - cursor) / (cell + gap) + 1e-9).rounded(.down)) }
        for item in items {
            if room() < 1 { closeRow() }
            let room = room()
            let span = item.shape == .rectangle && item.isProminent && columns > 2 && room >= 2 ? 2 : 1
            let width = Double(span) * cell + Double(span - 1) * gap
            let height = item.shape == .circle ? cell : cell * 0.6
            row.append(Bubble(x: cursor + width / 2, y: 0, width: width, height: height))
            cursor += width + gap
        }
        if !row.isEmpty { closeRow() }
        return BubbleLayout(stageHeight: max(rowTop, centre.height + gap * 3), centre: centre, bubbles: bubbles)
    }

    /// Which of a crowded level's reports stand out, by `weights` (their pages): at most one in eight, the heaviest, and only those at least twice the median
    /// weight, so a level of equals has none.
    public static func prominent(_ weights: [Int]) -> [Bool] {
        guard weights.count > ringLimit else { return weights.map { _ in false } }
        let sorted = weights.sorted()
        let median = sorted[sorted.count / 2]
        let threshold = max(median * 2, sorted[sorted.count - max(sorted.count / 8, 1)], 1)
        return weights.map { $0 >= threshold }
    }

    /// Pushes overlapping bubbles apart (half each way along the axis where they overlap
    /// least; all of it for the other one when one is `pinned`), keeps them off the centre (so
    /// the level's name is never covered) and inside the stage, for up to `iterations` rounds or
    /// until nothing overlaps; whether it got there.
    @discardableResult
    public static func relax(
        _ bubbles: inout [Bubble], around centre: Bubble, stageHeight: Double, pinned: Int?, iterations: Int = 600
    ) -> Bool {
        for _ in 0..<iterations {
            var moved = false
            for i in bubbles.indices {
                for j in bubbles.indices where j > i {
                    let overlap = bubbles[i].overlap(with: bubbles[j], gap: gap)
                    guard overlap.x > 0, overlap.y > 0 else { continue }
                    moved = true
                    let alongX = overlap.x < overlap.y
                    let amount = alongX ? overlap.x : overlap.y
                    let direction: Double
                    if alongX {
                        direction = bubbles[i].x == bubbles[j].x ? (i % 2 == 0 ? -1 : 1) : (bubbles[i].x < bubbles[j].x ? -1 : 1)
                    } else {
                        direction = bubbles[i].y == bubbles[j].y ? (i % 2 == 0 ? -1 : 1) : (bubbles[i].y < bubbles[j].y ? -1 : 1)
                    }
                    let share = pinned == i ? (0.0, 1.0) : pinned == j ? (1.0, 0.0) : (0.5, 0.5)
                    if alongX {
                        bubbles[i].x += direction * amount * share.0
                        bubbles[j].x -= direction * amount * share.1
                    } else {
                        bubbles[i].y += direction * amount * share.0
                        bubbles[j].y -= direction * amount * share.1
                    }
                }
            }
            for i in bubbles.indices where i != pinned {
                if centre.width == centre.height {
                    // The centre circle stays clear: the bubble's nearest point to its middle
                    // moves out to `keep` along the line between them.
                    let keep = centre.width * centreKept
                    let bubble = bubbles[i]
                    let (nearX, nearY, distance) = bubble.nearestPoint(to: centre)
                    if distance < keep {
                        let (dx, dy) = distance == 0 ? (bubble.x - centre.x, bubble.y - centre.y) : (nearX - centre.x, nearY - centre.y)
                        let angle = dx == 0 && dy == 0 ? -Double.pi / 2 : atan2(dy, dx)
                        let push = distance == 0 ? keep + min(bubble.width, bubble.height) / 2 : keep - distance
                        let pushedX = bubble.x + push * cos(angle)
                        if pushedX - bubble.width / 2 >= 0, pushedX + bubble.width / 2 <= 1 {
                            bubbles[i].x = pushedX
                            bubbles[i].y += push * sin(angle)
                        } else {
                            // No room beside the centre (a wide card): it moves up or down
                            // until its nearest point is `keep` away.
                            let across = nearX - centre.x
                            let along = (max(keep * keep - across * across, 0)).squareRoot() - abs(nearY - centre.y)
                            bubbles[i].y += bubble.y < centre.y || bubble.y == centre.y && i.isMultiple(of: 2) ? -along : along
                        }
                        moved = true
                    }
                } else {
                    // A crowded level's centre, a pill at the top, stays clear as a box: the
                    // bubble moves all the way out along the axis where it overlaps least.
                    let overlap = bubbles[i].overlap(with: centre, gap: gap)
                    if overlap.x > 0, overlap.y > 0 {
                        if overlap.x < overlap.y {
                            bubbles[i].x += bubbles[i].x < centre.x ? -overlap.x : overlap.x
                        } else {
                            bubbles[i].y += bubbles[i].y < centre.y ? -overlap.y : overlap.y
                        }
                        moved = true
                    }
                }
                let clampedX = min(max(bubbles[i].x, bubbles[i].width / 2), 1 - bubbles[i].width / 2)
                let clampedY = min(max(bubbles[i].y, bubbles[i].height / 2), stageHeight - bubbles[i].height / 2)
                if clampedX != bubbles[i].x || clampedY != bubbles[i].y { moved = true }
                bubbles[i].x = clampedX
                bubbles[i].y = clampedY
            }
            if !moved { return true }
        }
        return false
    }
}
