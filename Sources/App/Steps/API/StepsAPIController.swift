import AppleHealth
import Foundation
import KineticCore
import Vapor

/// `GET /api/v1/steps/daily`, `POST /api/v1/health/samples` (pushed by iPhone automations, an
/// Apple Shortcut), `POST /api/v1/health/auto-export` (Health Auto Export's REST automation) and
/// `POST /api/v1/health/import` (an export uploaded as the request body).
struct StepsAPIController {
    struct DailySteps: Content {
        let date: String
        let steps: Int
    }

    struct PushResult: Content {
        let accepted: Int
        let daysUpdated: Int
    }

    /// What a Health Auto Export sync stored: its step points, and the totals of the days they touch.
    struct AutoExportResult: Content {
        let accepted: Int
        let daysUpdated: Int
        let days: [DailySteps]
    }

    /// The longest range one request may ask for (ten years).
    static let maximumDays = 3_660

    /// The days' totals, written by ``JSONWriter`` (a month is read on every visit of a phone).
    func daily(_ request: Request) async throws -> Response {
        var errors = FieldErrors()
        let today = request.userCalendar.today
        let from = parseDate(
            request.query[String.self, at: "from"], field: "from", fallback: LocalDate(year: today.year, month: today.month, day: 1)!,
            errors: &errors)
        let to = parseDate(request.query[String.self, at: "to"], field: "to", fallback: today, errors: &errors)
        if errors.isEmpty, to < from { errors.add("to", "error.steps.rangeOrder") }
        if errors.isEmpty, to.daysSince1970 - from.daysSince1970 > Self.maximumDays { errors.add("to", "error.steps.rangeTooLong") }
        guard errors.isEmpty else { throw AppError.validation(errors) }
        return try await request.steps().dailyTotals(from: from, to: to)
            .map { DailySteps(date: $0.date.description, steps: $0.steps) }
            .jsonResponse(allocator: request.byteBufferAllocator)
    }

    /// Why a day's total is what it is: per hour, each source's steps and how many counted.
    func daySources(_ request: Request) async throws -> DayStepSourcesDTO {
        DayStepSourcesDTO(try await request.steps().day(try requestedDate(request)))
    }

    /// Counts a set-aside sample of the day anyway (`{"sample": …}` as the day's sources name
    /// it), or the whole day (`{"day": true}`); answers the day.
    func countAnyway(_ request: Request) async throws -> DayStepSourcesDTO {
        let date = try requestedDate(request)
        let sample = try await request.jsonBody { try Self.countAnyway(in: $0).get() }
        let steps = try request.steps()
        try await steps.countAnyway(sample, on: date)
        return DayStepSourcesDTO(try await steps.day(date))
    }

    /// `{"day": true}` (nil: the whole day), or `{"sample": {source, start, end, steps}}` as the
    /// day's sources name a set-aside sample.
    static func countAnyway(in body: JSONValue) -> Result<StepPlausibility.SampleKey?, FieldErrors> {
        JSONMemberReader.object(body, known: ["day", "sample"]).flatMap { reader in
            var reader = reader
            let day = reader.bool("day", .optional)
            if let sample = reader.object("sample", .optional) {
                guard case .string(let source)? = sample["source"], case .string(let start)? = sample["start"],
                    case .string(let end)? = sample["end"], case .number(let steps)? = sample["steps"],
                    let from = DayStepSourcesDTO.seconds(start), let to = DayStepSourcesDTO.seconds(end)
                else {
                    reader.fail("sample", "steps.setAside.error.unknown")
                    return reader.result(nil as StepPlausibility.SampleKey??)
                }
                return reader.result(.some(StepPlausibility.SampleKey(sourceName: source, start: from, end: to, value: steps)))
            }
            if day != true { reader.fail("day", "steps.setAside.error.what") }
            return reader.result(.some(nil))
        }
    }

    private func requestedDate(_ request: Request) throws -> LocalDate {
        guard let date = request.parameters.get("date").flatMap(LocalDate.init) else {
            throw AppError.validation(FieldErrors(["date": "error.session.dateFormat"]))
        }
        return date
    }

    func push(_ request: Request) async throws -> PushResult {
        let steps = try request.steps()
        let limits = steps.sampleLimits
        let named = request.query[String.self, at: "interval"] ?? "minute"
        guard let interval = PushedSamples.intervals[named] else {
            throw AppError.validation(FieldErrors(["interval": "error.push.interval"]))
        }
        let samples = try await request.jsonBody { try PushedSamples.parse($0, limits: limits, interval: interval, channel: .push).get() }
        let result = PushResult(accepted: samples.count, daysUpdated: try await steps.deliver(pushed: samples))
        try await noteSync(request, points: samples.count)
        return result
    }

    /// Health Auto Export's JSON as its REST automation posts it, the period of each point from
    /// its `automation-aggregation` header (minutes when it sends none).
    func autoExport(_ request: Request) async throws -> AutoExportResult {
        let steps = try request.steps()
        let limits = steps.sampleLimits
        let named = (request.headers.first(name: "automation-aggregation") ?? "default").trimmingCharacters(in: .whitespaces).lowercased()
        guard let interval = PushedSamples.autoExportIntervals[named] else {
            throw AppError.validation(FieldErrors(["automation-aggregation": "error.autoExport.interval"]))
        }
        let samples = try await request.jsonBody {
            try PushedSamples.parse($0, limits: limits, interval: interval, channel: .autoExport).get()
        }
        let updated = try await steps.deliver(pushed: samples)
        try await noteSync(request, points: samples.count)
        guard let touched = DailyStepTotals.days(touchedBy: samples) else { return AutoExportResult(accepted: 0, daysUpdated: 0, days: []) }
        let days = try await steps.dailyTotals(
            from: LocalDate(daysSince1970: touched.lowerBound), to: LocalDate(daysSince1970: touched.upperBound))
        return AutoExportResult(
            accepted: samples.count, daysUpdated: updated, days: days.map { DailySteps(date: $0.date.description, steps: $0.steps) })
    }

    /// Notes the sync on the phone whose token signed the request in, when one did.
    private func noteSync(_ request: Request, points: Int) async throws {
        guard let device = request.stepSyncDeviceID else { return }
        try await StepSyncDevices.noteSync(of: device, points: points, at: request.now, on: request.db)
    }

    /// The export as the request body.
    func upload(_ request: Request) async throws -> StepImportDTO {
        try await request.steps().importExport(at: try await request.receiveHealthExport())
    }

    private func parseDate(_ text: String?, field: String, fallback: LocalDate, errors: inout FieldErrors) -> LocalDate {
        guard let text else { return fallback }
        guard let date = LocalDate(text) else {
            errors.add(field, "error.session.dateFormat")
            return fallback
        }
        return date
    }
}

extension StepsAPIController.DailySteps: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("date", date)
        writer.member("steps", steps)
        writer.endObject()
    }
}
