import Foundation

/// Where a level's bubbles start: the centre bubble in the middle of a portrait stage and the
/// level's categories (circles) and reports (rectangles) around it, in order, along a
/// golden-angle spiral, then pushed apart until no two overlap and all are inside the stage.
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
    /// How much of the centre's width, from its middle, no bubble covers: all but its rim, so
    /// the level's name on it stays readable.
    public static let centreKept = 0.44
    public static let portraitHeight = 1.25
    /// How much of the stage the bubbles may cover before it grows.
    public static let density = 0.36
    /// Up to this many bubbles stand in a ring around the centre.
    public static let ringLimit = 8
    /// A ring (a level, or a page of a crowded one: ``BubblePages``) may cover this much of its
    /// stage, which may grow to ``ringHeight`` before its bubbles shrink: a phone is taller than
    /// 4:5, and a title needs the room more than the gaps do.
    public static let ringDensity = 0.5
    public static let ringHeight = 1.5

    /// The starting layout for `shapes`.
    public static func make(_ shapes: [Shape]) -> BubbleLayout {
        // Bubbles shrink a little for a full level, then the stage grows taller.
        let area =
            shapes.reduce(0.0) { total, shape in
                total + (shape == .circle ? circleSize * circleSize : rectangleSize.width * rectangleSize.height)
            } + centreSize * centreSize
        let scale: Double
        let height: Double
        if shapes.count <= ringLimit {
            height = min(ringHeight, max(portraitHeight, area / ringDensity))
            scale = min(1, (ringDensity * height / area).squareRoot())
        } else {
            scale = min(1, max(0.75, (density * portraitHeight / area).squareRoot()))
            height = max(portraitHeight, area * scale * scale / density)
        }
        let centre = Bubble(x: 0.5, y: height / 2, width: centreSize * scale, height: centreSize * scale)
        let golden = Double.pi * (3 - 5.0.squareRoot())
        // Up to eight: a ring around the centre, alternately a little nearer and further so it
        // reads as bubbles rather than a clock face. More: a sunflower spiral filling the
        // ellipse inside the stage, outside the centre's middle.
        let count = Double(max(shapes.count, 1))
        let inner = centre.width / 2 / 0.5
        var bubbles = shapes.enumerated().map { index, shape -> Bubble in
            let size = shape == .circle ? (circleSize, circleSize) : (rectangleSize.width, rectangleSize.height)
            let width = size.0 * scale, bubbleHeight = size.1 * scale
            let reachX = 0.5 - width / 2, reachY = height / 2 - bubbleHeight / 2
            if shapes.count <= ringLimit {
                let angle =
                    -Double.pi / 2 + 2 * Double.pi * Double(index) / count + (shapes.count.isMultiple(of: 2) ? Double.pi / count : 0)
                let radius = 0.74 + (index.isMultiple(of: 2) ? 0.06 : -0.04)
                return Bubble(
                    x: 0.5 + radius * reachX * cos(angle), y: height / 2 + radius * reachY * 0.82 * sin(angle), width: width,
                    height: bubbleHeight)
            }
            let fraction = (inner * inner + (1 - inner * inner) * (Double(index) + 0.5) / count).squareRoot()
            let angle = Double(index) * golden - Double.pi / 2
            return Bubble(
                x: 0.5 + fraction * reachX * cos(angle), y: height / 2 + fraction * reachY * sin(angle), width: width, height: bubbleHeight)
        }
        relax(&bubbles, around: centre, stageHeight: height, pinned: nil)
        return BubbleLayout(stageHeight: height, centre: centre, bubbles: bubbles)
    }

    /// Pushes overlapping bubbles apart (half each way along the axis where they overlap
    /// least; all of it for the other one when one is `pinned`), keeps them off the centre (so
    /// the level's name stays readable) and inside the stage, for up to `iterations` rounds or
    /// until nothing overlaps.
    public static func relax(_ bubbles: inout [Bubble], around centre: Bubble, stageHeight: Double, pinned: Int?, iterations: Int = 600) {
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
                // The centre stays clear but for its rim: the bubble's nearest point to the
                // centre's middle moves out to `keep` along the line between them.
                let keep = centre.width * centreKept
                let bubble = bubbles[i]
                let nearX = min(max(centre.x, bubble.x - bubble.width / 2), bubble.x + bubble.width / 2)
                let nearY = min(max(centre.y, bubble.y - bubble.height / 2), bubble.y + bubble.height / 2)
                let distance = ((nearX - centre.x) * (nearX - centre.x) + (nearY - centre.y) * (nearY - centre.y)).squareRoot()
                if distance < keep {
                    let (dx, dy) = distance == 0 ? (bubble.x - centre.x, bubble.y - centre.y) : (nearX - centre.x, nearY - centre.y)
                    let angle = dx == 0 && dy == 0 ? -Double.pi / 2 : atan2(dy, dx)
                    let push = distance == 0 ? keep + min(bubble.width, bubble.height) / 2 : keep - distance
                    bubbles[i].x += push * cos(angle)
                    bubbles[i].y += push * sin(angle)
                    moved = true
                }
                let clampedX = min(max(bubbles[i].x, bubbles[i].width / 2), 1 - bubbles[i].width / 2)
                let clampedY = min(max(bubbles[i].y, bubbles[i].height / 2), stageHeight - bubbles[i].height / 2)
                if clampedX != bubbles[i].x || clampedY != bubbles[i].y { moved = true }
                bubbles[i].x = clampedX
                bubbles[i].y = clampedY
            }
            if !moved { return }
        }
    }
}
