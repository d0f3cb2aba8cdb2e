import AppleHealth
import Foundation
import KineticCore
import Vapor

/// `GET /api/v1/steps/daily`, `POST /api/v1/health/samples` (pushed by iPhone automations) and
/// `POST /api/v1/health/import` (an export uploaded as the request body).
struct StepsAPIController {
    struct DailySteps: Content {
        let date: String
        let steps: Int
    }

    struct ImportResult: Content {
        let id: UUID
        let recordsRead: Int
        let stepSamples: Int
        let samplesSkipped: Int
        let daysUpdated: Int
        /// `yyyy-MM-dd`: the first and last day the export's step samples touch.
        @NullEncoded var firstDate: String?
        @NullEncoded var lastDate: String?

        init(_ summary: StepImport) {
            id = summary.id
            recordsRead = summary.recordsRead
            stepSamples = summary.stepSamples
            samplesSkipped = summary.samplesSkipped
            daysUpdated = summary.daysUpdated
            firstDate = summary.days?.lowerBound.description
            lastDate = summary.days?.upperBound.description
        }
    }

    struct PushResult: Content {
        let accepted: Int
        let daysUpdated: Int
    }

    /// The longest range one request may ask for (ten years).
    static let maximumDays = 3_660

    func daily(_ request: Request) async throws -> [DailySteps] {
        let user = try request.requireUser()
        var errors = FieldErrors()
        let today = request.userCalendar.today
        let from = parseDate(
            request.query[String.self, at: "from"], field: "from", fallback: LocalDate(year: today.year, month: today.month, day: 1)!,
            errors: &errors)
        let to = parseDate(request.query[String.self, at: "to"], field: "to", fallback: today, errors: &errors)
        if errors.isEmpty, to < from { errors.add("to", "error.steps.rangeOrder") }
        if errors.isEmpty, to.daysSince1970 - from.daysSince1970 > Self.maximumDays { errors.add("to", "error.steps.rangeTooLong") }
        guard errors.isEmpty else { throw AppError.validation(errors) }
        return try await StepsRepository(database: request.db, userID: try user.requireID())
            .dailyTotals(from: from, to: to).map { DailySteps(date: $0.date.description, steps: $0.steps) }
    }

    func push(_ request: Request) async throws -> PushResult {
        let user = try request.requireUser()
        let limits = StepSampleLimits(today: request.userCalendar.today)
        let samples = try PushedSamples.parse(request.jsonBody(), limits: limits).get()
        let userID = try user.requireID()
        let updated: Int = try await request.db.transaction { transaction in
            let repository = StepsRepository(database: transaction, userID: userID)
            try await repository.deleteSamples(matching: samples)
            return try await repository.add(samples)
        }
        return PushResult(accepted: samples.count, daysUpdated: updated)
    }

    func upload(_ request: Request) async throws -> ImportResult {
        let user = try request.requireUser()
        let configuration = request.application.kineticConfiguration
        let file = try await request.receiveUpload(into: configuration.uploadDirectory, maximumBytes: configuration.maximumUploadBytes)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            let importer = HealthImporter(
                database: request.importDatabase, userID: try user.requireID(),
                limits: StepSampleLimits(today: request.userCalendar.today), exportLimits: configuration.exportLimits
            )
            return ImportResult(try await importer.importExport(at: file, recordedAt: request.now))
        } catch let error as HealthExportError {
            throw AppError(
                status: .unprocessableEntity, code: "invalid_export", messageKey: "error.export.invalid",
                messageArguments: [error.description])
        }
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
