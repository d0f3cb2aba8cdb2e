import Testing

@testable import KineticCore

@Suite struct SourceOrderTests {
    let sources: [(name: String, kind: StepSourceKind)] = [
        ("Ana’s iPhone", .phone), ("Pedometer++", .other), ("Ana’s Apple Watch", .watch),
    ]

    @Test func validOrder_isAccepted() {
        let order = ["Pedometer++", "Ana’s iPhone"]
        #expect((try? SourceOrder.validate(order, known: Set(sources.map(\.name))).get()) == order)
    }

    @Test func unknownAndRepeatedNames_areFieldErrors() {
        let result = SourceOrder.validate(["Ana’s iPhone", "Somebody’s Watch", "Ana’s iPhone"], known: Set(sources.map(\.name)))
        guard case .failure(let errors) = result else {
            Issue.record("must fail")
            return
        }
        #expect(errors.messages == ["order[1]": "error.sources.unknown", "order[2]": "error.sources.duplicate"])
    }

    @Test func moving_swapsNeighboursAndStopsAtTheEnds() {
        let order = ["A", "B", "C"]
        #expect(SourceOrder.moving(order, at: 1, by: -1) == ["B", "A", "C"])
        #expect(SourceOrder.moving(order, at: 1, by: 1) == ["A", "C", "B"])
        #expect(SourceOrder.moving(order, at: 0, by: -1) == order)
        #expect(SourceOrder.moving(order, at: 2, by: 1) == order)
        #expect(SourceOrder.moving(order, at: 7, by: 1) == order)
    }

    @Test func theDefaultOrder_isNotStored() {
        #expect(SourceOrder.stored(["Ana’s Apple Watch", "Ana’s iPhone", "Pedometer++"], sources: sources) == [])
        #expect(
            SourceOrder.stored(["Ana’s iPhone", "Ana’s Apple Watch", "Pedometer++"], sources: sources) == [
                "Ana’s iPhone", "Ana’s Apple Watch", "Pedometer++",
            ])
    }

    /// The user's order decides overlaps: the phone above the watch gets the shared minutes.
    @Test func userOrder_changesWhoGetsOverlappingSteps() {
        let phone = StepSample(sourceName: "Ana’s iPhone", kind: .phone, start: 0, end: 600, utcOffset: 0, value: 200)
        let watch = StepSample(sourceName: "Ana’s Apple Watch", kind: .watch, start: 0, end: 600, utcOffset: 0, value: 90)
        let byDefault = DailyStepTotals.compute([phone, watch])
        let phoneFirst = DailyStepTotals.compute(
            [phone, watch], ranking: SourceRanking(preferredOrder: ["Ana’s iPhone", "Ana’s Apple Watch"]))
        #expect(byDefault.values.first == 90)
        #expect(phoneFirst.values.first == 200)
    }
}

@Suite struct SourceOrderHostileMoveTests {
    /// `move=down:9223372036854775807` from the form once overflowed `index + 1`.
    @Test(arguments: [(Int.max, 1), (Int.min, -1), (-1, 1), (3, -1), (0, Int.max), (1, Int.min)])
    func aMoveFromOutsideTheOrder_leavesItAsItIs(index: Int, offset: Int) {
        #expect(SourceOrder.moving(["a", "b", "c"], at: index, by: offset) == ["a", "b", "c"])
    }
}
