import Testing

@testable import App

@Suite struct SVGNumberTests {
    @Test(arguments: [
        (1.0, "1"), (0.5, "0.5"), (12.3456, "12.346"), (0.05, "0.05"), (0.007, "0.007"), (7.0001, "7"),
        (-2.25, "-2.25"), (-0.0004, "0"), (93.999_9, "94"), (1_234.5, "1234.5"), (.nan, "0"),
    ])
    func writesAtMostThreeDecimalsWithoutTrailingZeros(value: Double, text: String) {
        #expect(SVGNumber.format(value) == text)
    }
}
