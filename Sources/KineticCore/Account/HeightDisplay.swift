/// How a height in inches is shown: feet and inches, or centimetres.
public enum HeightDisplay: Equatable, Sendable {
    case imperial(feet: Int, inches: Int)
    case metric(centimetres: Int)

    /// Centimetres per inch, exactly.
    public static let centimetresPerInch = 2.54

    /// The display of `inches` in the language's measurement system.
    public init(inches: Int, imperial: Bool) {
        if imperial {
            self = .imperial(feet: inches / 12, inches: inches % 12)
        } else {
            self = .metric(centimetres: Int((Double(inches) * Self.centimetresPerInch).rounded()))
        }
    }
}
