import AppleHealth
import KineticCore

/// The JSON that iPhone automation apps post:
/// `{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"qty": 123, "date": "2021-01-01 10:00:00 -0800", "source": "…"}]}]}}`.
/// Each point is the steps of the period starting at `date` and ending at its `end` (the same
/// format; or `startDate` and `endDate`, as a sample not summarised is written) when it has one, else `interval` seconds later (the period the client says its points
/// cover: a minute, an hour, a day); metrics other than `step_count` are ignored. Dates are
/// read as apps write them (a 12-hour clock too). A point's `source` names one device, or
/// several joined by "|" (Health Auto Export's total of them, trusted less than any one
/// device). Every point must be plausible (``StepSampleLimits``), or the whole push is refused.
enum PushedSamples {
    /// The periods a client may say its points cover, by name (`?interval=hour`).
    static let intervals: [String: Double] = ["minute": 60, "hour": 3_600, "day": 86_400]

    /// Health Auto Export's aggregation (its `automation-aggregation` header, lowercased) as the
    /// period its points cover; "default" is minutes for steps.
    static let autoExportIntervals: [String: Double] = [
        "default": 60, "seconds": 1, "minutes": 60, "hours": 3_600, "days": 86_400,
    ]

    static func parse(
        _ body: JSONValue, limits: StepSampleLimits, interval: Double, channel: StepChannel
    ) -> Result<[StepSample], FieldErrors> {
        guard let metrics = body.objectValue?["data"]?.objectValue?["metrics"], case .array(let list) = metrics else {
            return .failure(FieldErrors(["data.metrics": "error.push.shape"]))
        }
        var samples: [StepSample] = []
        var errors = FieldErrors()
        for (metricIndex, metric) in list.enumerated() {
            // Every metric has the documented shape, even the ignored ones: a name, a list of points.
            guard let members = metric.objectValue, let name = members["name"]?.stringValue,
                members["units"].map({ $0.stringValue != nil }) ?? true
            else {
                errors.add("data.metrics[\(metricIndex)]", "error.push.shape")
                continue
            }
            guard case .array(let points)? = members["data"] else {
                errors.add("data.metrics[\(metricIndex)].data", "error.push.shape")
                continue
            }
            guard name == "step_count" else {
                if !points.allSatisfy({ $0.objectValue != nil }) { errors.add("data.metrics[\(metricIndex)].data", "error.push.shape") }
                continue
            }
            for (pointIndex, point) in points.enumerated() {
                let path = "data.metrics[\(metricIndex)].data[\(pointIndex)]"
                guard let fields = point.objectValue else {
                    errors.add(path, "error.push.shape")
                    continue
                }
                guard case .number(let quantity)? = fields["qty"] else {
                    errors.add(path + ".qty", "error.push.quantity")
                    continue
                }
                // A sample not summarised names its period `startDate`–`endDate` (as Health Auto
                // Export writes samples with aggregation off) instead of `date` and `end`.
                guard let text = (fields["date"] ?? fields["startDate"])?.stringValue, let date = HealthDateText.parseAsAppsWriteIt(text)
                else {
                    errors.add(path + ".date", "error.push.date")
                    continue
                }
                var end = date.seconds + interval
                if let given = fields["end"] ?? fields["endDate"], given != .null {
                    guard let text = given.stringValue, let parsed = HealthDateText.parseAsAppsWriteIt(text) else {
                        errors.add(path + ".end", "error.push.date")
                        continue
                    }
                    end = parsed.seconds
                }
                switch limits.violation(start: date.seconds, end: end, utcOffset: date.offset, steps: quantity) {
                case .steps?:
                    errors.add(path + ".qty", "error.push.quantity")
                    continue
                case .date?, .duration?:
                    errors.add(path + ".date", "error.push.dateRange")
                    continue
                case nil: break
                }
                let source: String
                switch fields["source"] {
                case nil, .null?: source = defaultSource
                case .string(let name)? where name.trimmingCharacters(in: .whitespaces).isEmpty: source = defaultSource
                case .string(let name)? where name.count <= maximumSourceLength:
                    source = name.trimmingCharacters(in: .whitespaces)
                case _?:
                    errors.add(path + ".source", "error.push.source")
                    continue
                }
                samples.append(
                    StepSample(
                        sourceName: source,
                        kind: source.contains("|")
                            ? .other : StepSourceKind.classify(sourceName: source, device: nil, wasUserEntered: false),
                        start: date.seconds, end: end, utcOffset: date.offset, value: quantity, channel: channel
                    ))
            }
        }
        return errors.isEmpty ? .success(samples) : .failure(errors)
    }

    /// The source of points that name none.
    static let defaultSource = "Health Auto Export"
    /// The longest source name accepted.
    static let maximumSourceLength = 200
}
