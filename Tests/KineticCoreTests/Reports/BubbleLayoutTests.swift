import KineticCore
import Testing

@Suite struct BubbleLayoutTests {
    private func overlaps(_ layout: BubbleLayout) -> Int {
        var count = 0
        for (i, a) in layout.bubbles.enumerated() {
            for b in layout.bubbles[(i + 1)...] where abs(a.x - b.x) < (a.width + b.width) / 2 && abs(a.y - b.y) < (a.height + b.height) / 2
            {
                count += 1
            }
        }
        return count
    }

    /// Whether every bubble keeps off the centre but its rim (``BubbleLayout/centreKept``),
    /// give or take a hundredth of the stage's width where the stage's edge holds one back.
    private func centreClear(_ layout: BubbleLayout) -> Bool {
        let keep = layout.centre.width * BubbleLayout.centreKept
        return layout.bubbles.allSatisfy { bubble in
            let nearX = min(max(layout.centre.x, bubble.x - bubble.width / 2), bubble.x + bubble.width / 2)
            let nearY = min(max(layout.centre.y, bubble.y - bubble.height / 2), bubble.y + bubble.height / 2)
            return ((nearX - layout.centre.x) * (nearX - layout.centre.x) + (nearY - layout.centre.y) * (nearY - layout.centre.y))
                .squareRoot() >= keep - 0.01
        }
    }

    private func inside(_ layout: BubbleLayout) -> Bool {
        layout.bubbles.allSatisfy { bubble in
            bubble.x - bubble.width / 2 >= -1e-9 && bubble.x + bubble.width / 2 <= 1 + 1e-9
                && bubble.y - bubble.height / 2 >= -1e-9 && bubble.y + bubble.height / 2 <= layout.stageHeight + 1e-9
        }
    }

    @Test(arguments: [0, 1, 3, 6, 7, 8, 9, 14, 30, 60])
    func anyLevel_laysOutWithoutOverlapsInsideThePortraitStage(count: Int) {
        let shapes = (0..<count).map { $0 % 3 == 0 ? BubbleLayout.Shape.circle : .rectangle }
        let layout = BubbleLayout.make(shapes)
        #expect(layout.bubbles.count == count)
        #expect(overlaps(layout) == 0)
        #expect(inside(layout))
        #expect(layout.stageHeight >= BubbleLayout.portraitHeight)
        #expect(layout.centre.x == 0.5)
    }

    /// A full ring (a page of a crowded level) of any mix grows its stage to at most 3:2 and
    /// keeps its bubbles nearly full size, none overlapping.
    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7, 8])
    func aFullRing_keepsItsBubblesNearlyFullSize(circles: Int) {
        let shapes = (0..<BubbleLayout.ringLimit).map { $0 < circles ? BubbleLayout.Shape.circle : .rectangle }
        let layout = BubbleLayout.make(shapes)
        #expect(overlaps(layout) == 0)
        #expect(inside(layout))
        #expect(centreClear(layout))
        #expect(layout.stageHeight <= BubbleLayout.ringHeight)
        let scale = layout.bubbles[0].width / (circles > 0 ? BubbleLayout.circleSize : BubbleLayout.rectangleSize.width)
        #expect(scale >= 0.9, "scale \(scale)")
    }

    @Test func aSmallLevel_keepsThePortraitStageAndFullSizes() {
        let layout = BubbleLayout.make([.circle, .circle, .rectangle])
        #expect(layout.stageHeight == BubbleLayout.portraitHeight)
        #expect(layout.bubbles[0].width == BubbleLayout.circleSize)
        #expect(layout.bubbles[2].width == BubbleLayout.rectangleSize.width)
    }

    @Test func aFullLevel_growsTheStageRatherThanShrinkingBubblesPastThreeQuarters() {
        let layout = BubbleLayout.make(Array(repeating: .rectangle, count: 60))
        #expect(layout.stageHeight > 2)
        #expect(layout.bubbles[0].width >= BubbleLayout.rectangleSize.width * 0.75 - 1e-9)
    }

    @Test func relaxing_aroundAPinnedBubble_movesOnlyTheOthers() {
        let centre = BubbleLayout.Bubble(x: 0.5, y: 0.625, width: 0.3, height: 0.3)
        var bubbles = [
            BubbleLayout.Bubble(x: 0.2, y: 0.2, width: 0.2, height: 0.2),
            BubbleLayout.Bubble(x: 0.25, y: 0.22, width: 0.2, height: 0.2),
        ]
        BubbleLayout.relax(&bubbles, around: centre, stageHeight: 1.25, pinned: 0)
        #expect(bubbles[0] == BubbleLayout.Bubble(x: 0.2, y: 0.2, width: 0.2, height: 0.2))
        #expect(bubbles[1].x - bubbles[0].x >= 0.2)
    }

    @Test func theSameLevel_laysOutTheSameWay() {
        #expect(BubbleLayout.make([.circle, .rectangle, .rectangle]) == BubbleLayout.make([.circle, .rectangle, .rectangle]))
    }
}
