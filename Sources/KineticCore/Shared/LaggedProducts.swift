/// The sums behind an autocorrelation: for each lag in `0..<count`, Σ values[i] · values[i + lag].
/// The tempo estimator divides each by its overlap; the rep-rate estimator centres the signal
/// first and divides by the zero lag's.
func laggedProductSums(_ values: [Double], lags count: Int) -> [Double] {
    let lags = min(count, values.count)
    return values.withUnsafeBufferPointer { buffer in
        (0..<lags).map { lag in
            var sum = 0.0
            for index in 0..<(buffer.count - lag) { sum += buffer[index] * buffer[index + lag] }
            return sum
        }
    }
}
