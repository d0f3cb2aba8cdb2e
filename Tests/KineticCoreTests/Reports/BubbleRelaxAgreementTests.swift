import Foundation
import KineticCore
import Testing

/// The drag relaxation exists twice: `BubbleLayout.relax` places a level's bubbles on the
/// server, `Public/js/reports/relax.js` moves them in the browser while one is dragged. This
/// runs the JavaScript under Node on the same two hundred layouts as the Swift and expects the
/// same positions, so neither can change alone.
@Suite struct BubbleRelaxAgreementTests {
    struct Case: Codable {
        var bubbles: [Box]
        var centre: Box
        var stageHeight: Double
        /// -1 for none, as relax.js takes it.
        var pinned: Int
        var iterations: Int
    }

    struct Box: Codable {
        var x: Double, y: Double, w: Double, h: Double
    }

    static func cases(count: Int) -> [Case] {
        var random = SeededGenerator(seed: 2026)
        return (0..<count).map { index in
            let stageHeight = Double.random(in: 1.25...2.2, using: &random)
            let scale = Double.random(in: 0.75...1, using: &random)
            // Every fifth case has a crowded level's centre: a pill at the top.
            let centre =
                index % 5 == 4
                ? Box(x: 0.5, y: 0.09, w: 0.8, h: 0.15)
                : Box(x: 0.5, y: stageHeight / 2, w: BubbleLayout.centreSize * scale, h: BubbleLayout.centreSize * scale)
            let bubbles = (0..<Int.random(in: 2...14, using: &random)).map { _ -> Box in
                let circle = Bool.random(using: &random)
                let w = (circle ? BubbleLayout.circleSize : BubbleLayout.rectangleSize.width) * scale
                let h = (circle ? BubbleLayout.circleSize : BubbleLayout.rectangleSize.height) * scale
                return Box(x: Double.random(in: 0...1, using: &random), y: Double.random(in: 0...stageHeight, using: &random), w: w, h: h)
            }
            // Every other case drags one bubble, as the browser does.
            let pinned = index.isMultiple(of: 2) ? Int.random(in: 0..<bubbles.count, using: &random) : -1
            return Case(
                bubbles: bubbles, centre: centre, stageHeight: stageHeight, pinned: pinned, iterations: index.isMultiple(of: 3) ? 600 : 60)
        }
    }

    static func swiftRelaxed(_ test: Case) -> [Box] {
        var bubbles = test.bubbles.map { BubbleLayout.Bubble(x: $0.x, y: $0.y, width: $0.w, height: $0.h) }
        let centre = BubbleLayout.Bubble(x: test.centre.x, y: test.centre.y, width: test.centre.w, height: test.centre.h)
        BubbleLayout.relax(
            &bubbles, around: centre, stageHeight: test.stageHeight, pinned: test.pinned < 0 ? nil : test.pinned,
            iterations: test.iterations)
        return bubbles.map { Box(x: $0.x, y: $0.y, w: $0.width, h: $0.height) }
    }

    /// relax.js run by Node on every case at once.
    static func javaScriptRelaxed(_ cases: [Case]) throws -> [[Box]] {
        try NodeModule.run(
            "Public/js/reports/relax.js",
            script: """
                const { relax } = await import(process.argv[1]);
                let input = "";
                for await (const chunk of process.stdin) input += chunk;
                const cases = JSON.parse(input);
                const out = cases.map((c) => { relax(c.bubbles, c.centre, c.stageHeight, c.pinned, c.iterations); return c.bubbles; });
                process.stdout.write(JSON.stringify(out));
                """, input: cases)
    }

    @Test func theBrowsersRelaxation_placesBubblesWhereTheServersDoes() throws {
        let cases = Self.cases(count: 200)
        let fromJavaScript = try Self.javaScriptRelaxed(cases)
        try #require(fromJavaScript.count == cases.count)
        var moved = 0
        for (index, test) in cases.enumerated() {
            let fromSwift = Self.swiftRelaxed(test)
            try #require(fromSwift.count == fromJavaScript[index].count)
            for (swift, javaScript) in zip(fromSwift, fromJavaScript[index]) {
                #expect(
                    abs(swift.x - javaScript.x) < 1e-9 && abs(swift.y - javaScript.y) < 1e-9, "case \(index): \(swift) vs \(javaScript)")
            }
            if zip(fromSwift, test.bubbles).contains(where: { $0.x != $1.x || $0.y != $1.y }) { moved += 1 }
        }
        #expect(moved > 150, "the cases overlap, so the relaxation has work to do (moved \(moved))")
    }
}
