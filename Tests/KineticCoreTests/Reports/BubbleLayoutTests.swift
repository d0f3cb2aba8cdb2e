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

    /// Whether every bubble keeps off the centre (``BubbleLayout/centreKept``): none covers any
    /// of it, give or take a thousandth of the stage's width.
    private func centreClear(_ layout: BubbleLayout) -> Bool {
        let keep = layout.centre.width * BubbleLayout.centreKept
        return layout.bubbles.allSatisfy { bubble in
            let nearX = min(max(layout.centre.x, bubble.x - bubble.width / 2), bubble.x + bubble.width / 2)
            let nearY = min(max(layout.centre.y, bubble.y - bubble.height / 2), bubble.y + bubble.height / 2)
            return ((nearX - layout.centre.x) * (nearX - layout.centre.x) + (nearY - layout.centre.y) * (nearY - layout.centre.y))
                .squareRoot() >= layout.centre.width / 2 - 0.001
        }
    }

    private func inside(_ layout: BubbleLayout) -> Bool {
        layout.bubbles.allSatisfy { bubble in
            bubble.x - bubble.width / 2 >= -1e-9 && bubble.x + bubble.width / 2 <= 1 + 1e-9
                && bubble.y - bubble.height / 2 >= -1e-9 && bubble.y + bubble.height / 2 <= layout.stageHeight + 1e-9
        }
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7, 8])
    func anyRing_laysOutWithoutOverlapsInsideThePortraitStage_neverCoveringTheCentre(count: Int) {
        for circles in 0...count {
            let shapes = (0..<count).map { $0 < circles ? BubbleLayout.Shape.circle : .rectangle }
            let layout = BubbleLayout.make(shapes)
            #expect(layout.bubbles.count == count)
            #expect(overlaps(layout) == 0)
            #expect(inside(layout))
            #expect(centreClear(layout), "\(count) bubbles, \(circles) circles")
            #expect(layout.stageHeight >= BubbleLayout.portraitHeight)
            #expect(layout.centre.x == 0.5)
        }
    }

    /// Held sideways, a ring lies on a wide stage, its bubbles nearly as large as on a portrait
    /// stage of the same height.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func aRingOnALandscapeStage_laysOutWithoutOverlapsInsideIt(count: Int) {
        for circles in 0...count {
            let shapes = (0..<count).map { $0 < circles ? BubbleLayout.Shape.circle : .rectangle }
            let layout = BubbleLayout.make(shapes, landscape: true)
            #expect(layout.stageHeight == BubbleLayout.landscapeHeight)
            #expect(overlaps(layout) == 0 && inside(layout) && centreClear(layout), "\(count) bubbles, \(circles) circles")
            // Against the portrait stage's height, its bubbles keep most of their size.
            let portrait = BubbleLayout.make(shapes)
            let landscapeSize = layout.bubbles[0].width / layout.stageHeight
            let portraitSize = portrait.bubbles[0].width / portrait.stageHeight
            #expect(landscapeSize >= portraitSize * 0.9, "\(count) bubbles: \(landscapeSize) against \(portraitSize)")
        }
    }

    /// A crowded level's rows: every item inside the stage, none overlapping another or the
    /// centre at the top, read left to right and top to bottom in the level's order.
    @Test(arguments: [BubbleLayout.compactColumns, BubbleLayout.wideColumns])
    func aCrowdedLevel_isRowsInReadingOrder_belowTheCentre(columns: Int) {
        let items = (0..<60).map { index in
            BubbleLayout.Item(index % 7 == 0 ? .circle : .rectangle, isProminent: index % 11 == 3)
        }
        let layout = BubbleLayout.crowded(items, columns: columns)
        #expect(layout.bubbles.count == 60)
        #expect(overlaps(layout) == 0)
        #expect(inside(layout))
        let centreBottom = layout.centre.y + layout.centre.height / 2
        #expect(layout.bubbles.allSatisfy { $0.y - $0.height / 2 > centreBottom })
        for (before, after) in zip(layout.bubbles, layout.bubbles.dropFirst()) {
            // The next item is to the right in the same row, or starts a lower row at the left.
            let sameRow = abs(before.y - after.y) < max(before.height, after.height) / 2
            #expect(sameRow ? after.x > before.x : after.y > before.y && abs(after.x - after.width / 2 - BubbleLayout.gap) < 1e-9)
        }
        let rows = Set(layout.bubbles.map { ($0.y * 1000).rounded() }).count
        let cells = 60 + items.filter { $0.isProminent && $0.shape == .rectangle }.count
        #expect(rows >= cells / columns && rows <= cells / columns + 2, "\(rows) rows")
        // A prominent report is two cells wide.
        #expect(layout.bubbles[3].width > layout.bubbles[1].width * 1.9)
    }

    @Test func theCrowdedDragRelaxation_keepsBubblesOffTheCentrePill() {
        let layout = BubbleLayout.crowded((0..<12).map { _ in BubbleLayout.Item(.rectangle) }, columns: 3)
        var bubbles = layout.bubbles
        bubbles[4].y = layout.centre.y
        bubbles[4].x = 0.5
        BubbleLayout.relax(&bubbles, around: layout.centre, stageHeight: layout.stageHeight, pinned: nil)
        let overlap =
            abs(bubbles[4].y - layout.centre.y) < (bubbles[4].height + layout.centre.height) / 2
            && abs(bubbles[4].x - layout.centre.x) < (bubbles[4].width + layout.centre.width) / 2
        #expect(!overlap)
    }

    @Test func prominence_isTheHeaviestEighth_andOnlyWhatStandsOut() {
        #expect(BubbleLayout.prominent(Array(repeating: 10, count: 40)).filter { $0 }.isEmpty)
        let weights = (0..<40).map { $0 == 5 ? 900 : $0 == 17 ? 400 : 10 + $0 % 3 }
        let prominent = BubbleLayout.prominent(weights)
        #expect(prominent.enumerated().filter(\.element).map(\.offset) == [5, 17])
        #expect(BubbleLayout.prominent([1, 500, 2]) == [false, false, false], "a ring has no prominent items")
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
