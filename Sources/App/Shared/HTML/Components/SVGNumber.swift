/// Numbers written into SVG attributes: at most three decimals, no trailing zeros, "." as the
/// separator whatever the locale. Plain integer arithmetic: charts and badges write thousands.
enum SVGNumber {
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = Int((abs(value) * 1000).rounded())
        let sign = value < 0 && thousandths > 0 ? "-" : ""
        var fraction = thousandths % 1000
        guard fraction != 0 else { return sign + String(thousandths / 1000) }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let padded = String(fraction)
        return sign + String(thousandths / 1000) + "." + String(repeating: "0", count: digits - padded.count) + padded
    }
}
