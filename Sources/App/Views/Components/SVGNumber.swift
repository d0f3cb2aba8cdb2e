import Foundation

/// Numbers written into SVG attributes: at most three decimals, no trailing zeros, "." as the
/// separator whatever the locale.
enum SVGNumber {
    static func format(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.3f", rounded)
            .replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
    }
}
