import AppleHealth
import Fluent
import Foundation
import KineticCore
import Vapor

/// The Steps page and the export upload behind its import form.
struct StepsController {
    func show(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let loader = StepsPage.Loader(database: request.db, userID: try user.requireID(), clock: request.userCalendar)
        let model = try await loader.load(
            month: request.query[String.self, at: "month"].flatMap(Month.init),
            importID: request.query[String.self, at: "imported"].flatMap(UUID.init(uuidString:))
        )
        return .html(StepsPage.render(model, context: PageContext(request: request)))
    }

    /// One day's steps by hour and source (`/steps/day/2026-11-28`); a day in the future, or
    /// not a date, is not found.
    func day(_ request: Request) async throws -> Response {
        let today = request.userCalendar.today
        guard let date = request.parameters.get("date").flatMap(LocalDate.init), date <= today,
            date >= StepSampleLimits.earliestDate
        else { throw AppError.notFound }
        let next = LocalDate(daysSince1970: date.daysSince1970 + 1)
        let model = StepDayPage.Model(
            day: try await request.steps().day(date), previous: LocalDate(daysSince1970: date.daysSince1970 - 1),
            next: next <= today ? next : nil, counted: request.query[String.self, at: "counted"] != nil)
        return .html(StepDayPage.render(model, context: PageContext(request: request)))
    }

    private struct CountAnywayForm: Content {
        var day: String?
        var source: String?
        var start: String?
        var end: String?
        var steps: String?
    }

    /// The day page's Count Anyway: one set-aside sample (its source, start, end and steps as
    /// the page wrote them) or the whole day; back to the day.
    func countAnyway(_ request: Request) async throws -> Response {
        guard let date = request.parameters.get("date").flatMap(LocalDate.init) else { throw AppError.notFound }
        let form = try request.content.decode(CountAnywayForm.self)
        var sample: StepPlausibility.SampleKey?
        if form.day == nil {
            guard let source = form.source, let start = form.start.flatMap(Double.init), let end = form.end.flatMap(Double.init),
                let steps = form.steps.flatMap(Double.init)
            else { throw AppError.validation(FieldErrors(["sample": "steps.setAside.error.unknown"])) }
            sample = .init(sourceName: source, start: start, end: end, value: steps)
        }
        try await request.steps().countAnyway(sample, on: date)
        return request.redirect(to: SiteURL.stepsDay(date.description).with([("counted", "1")]), redirectType: .normal)
    }

    /// The import form's upload: the export as the request body (sent by `js/steps/steps.js` with its
    /// progress bar), answered in JSON.
    func upload(_ request: Request) async throws -> StepImportDTO {
        try await request.steps().importExport(at: try await request.receiveHealthExport())
    }
}
