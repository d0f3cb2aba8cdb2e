import Fluent
import Foundation
import KineticCore
import Vapor

/// The fitness pages: Fitness, picking a test's exercises, the runner, the results, an
/// exercise's motion log file or skip, and Track / Untrack.
struct FitnessController {
    func home(_ request: Request) async throws -> Response {
        let l = request.localizer
        let timeZone = request.userCalendar.timeZone
        let tests = try await request.workouts().fitnessTests.recent(limit: 20).map { test in
            FitnessPage.PastTest(
                id: try test.requireID().uuidString, date: l.fullDate(test.createdAt, in: timeZone),
                category: Exercise.Category(rawValue: test.category) ?? .strength, exercises: test.exercises.count,
                level: test.overallAfter, complete: test.completedAt != nil
            )
        }
        let model = FitnessPage.Model(
            overall: try await request.workouts().exerciseResults.overallLevel(),
            tracked: try await request.workouts().trackedExercises(), tests: tests,
            notice: request.query[String.self, at: "done"] == "untracked" ? l.t("fitness.untrackedNotice") : nil
        )
        return .html(FitnessPage.render(model, context: PageContext(request: request)))
    }

    /// `?category=&count=` from the Fitness page; anything else goes back there.
    func pick(_ request: Request) async throws -> Response {
        guard let category = request.query[String.self, at: "category"].flatMap(Exercise.Category.init(rawValue:)),
            FitnessTestPlan.categories.contains(category),
            let count = request.query[Int.self, at: "count"], FitnessTestPlan.counts.contains(count)
        else {
            return request.redirect(to: SiteURL.workouts(.fitness).path)
        }
        let equipment = Exercise.Equipment.named((try? request.query.get([String].self, at: "equipment")) ?? []).values
        return .html(try await pickPage(request, category: category, count: count, equipment: equipment))
    }

    private struct StartForm: Content {
        var category: String?
        var count: String?
        var exercises: [String]?
        var equipment: [String]?
    }

    func start(_ request: Request) async throws -> Response {
        let form = try request.content.decode(StartForm.self)
        var members = FormFields.members(
            ["category": form.category ?? "", "count": form.count ?? ""], numbers: ["count"], texts: ["category"],
            keepingEmpty: ["category", "count"]
        )
        members["exercises"] = .array((form.exercises ?? []).map(JSONValue.string))
        members["equipment"] = .array((form.equipment ?? []).map(JSONValue.string))
        return try await request.answeringRefusals(with: { refusal in
            guard let category = form.category.flatMap(Exercise.Category.init(rawValue:)), let count = Int(form.count ?? "") else {
                throw AppError.notFound
            }
            return try await pickPage(
                request, category: category, count: count, equipment: Exercise.Equipment.named(form.equipment ?? []).values,
                picked: Set(form.exercises ?? []),
                error: refusal.message ?? refusal.fieldMessages.sorted { $0.key < $1.key }.first?.value)
        }) {
            let tester = try request.workouts().fitnessTester
            let input = try FitnessTestInput.validate(members, catalogue: tester.catalogue).get()
            let test = try await tester.start(input, at: request.now)
            return request.redirect(to: SiteURL.workouts(.fitnessTest(id: test.id?.uuidString)).path)
        }
    }

    private func pickPage(
        _ request: Request, category: Exercise.Category, count: Int, equipment: Set<Exercise.Equipment>, picked: Set<String> = [],
        error: String? = nil
    ) async throws -> String {
        let tracked = try await request.workouts().trackedExercises(in: category).map(\.0).filter(FitnessTestPlan.isTestable)
        let suggestions = FitnessTestPlan.suggestions(
            category: category, equipment: equipment, catalogue: request.application.exerciseCatalogue, limit: 12
        )
        .filter { exercise in !tracked.contains { $0.id == exercise.id } }
        let model = FitnessPickPage.Model(
            category: category, count: count, equipment: equipment, tracked: tracked, suggestions: suggestions, picked: picked,
            error: error)
        return FitnessPickPage.render(model, context: PageContext(request: request))
    }

    /// The runner; a finished test goes to its results.
    func runner(_ request: Request) async throws -> Response {
        let report = try await request.workouts().fitnessTestReport(request.ownedFitnessTest())
        if report.isComplete { return request.redirect(to: SiteURL.workouts(.fitnessResults(id: report.id.uuidString)).path) }
        return .html(runnerPage(request, report: report))
    }

    private func runnerPage(_ request: Request, report: FitnessTestReport, error: String? = nil) -> String {
        let done = request.query[String.self, at: "done"].flatMap { id in report.items.first { $0.exercise.id == id && $0.isDone } }
        let model = FitnessRunnerPage.Model(report: report, justDone: done, timeZone: request.userCalendar.timeZone, error: error)
        return FitnessRunnerPage.render(model, context: PageContext(request: request))
    }

    func results(_ request: Request) async throws -> Response {
        let report = try await request.workouts().fitnessTestReport(request.ownedFitnessTest())
        guard report.isComplete else { return request.redirect(to: SiteURL.workouts(.fitnessTest(id: report.id.uuidString)).path) }
        return .html(FitnessResultsPage.render(report, timeZone: request.userCalendar.timeZone, context: PageContext(request: request)))
    }

    private struct ExerciseForm: Content {
        var skip: String?
        var log: File?
    }

    /// "Skip exercise", a motion log file (multipart `log`), or the log the page recorded (a JSON
    /// body from `js/workouts/fitness.js`, answered 204).
    func exercise(_ request: Request) async throws -> Response {
        let test = try await request.ownedFitnessTest()
        let exerciseID = request.parameters.get("exerciseId") ?? ""
        guard test.exercises.contains(exerciseID) else { throw AppError.notFound }
        let tester = try request.workouts().fitnessTester
        if request.headers.contentType == .json {
            try await request.workouts().recordRate(
                of: Request.motionLog(from: request.body.data.map { Data($0.readableBytesView) } ?? Data()), exerciseID: exerciseID,
                in: test)
            return Response(status: .noContent)
        }
        let form = try request.content.decode(ExerciseForm.self)
        return try await request.answeringRefusals(with: { refusal in
            let message =
                refusal.fieldMessages.sorted { $0.key < $1.key }.first.map { field, message in "\(field): \(message)" } ?? refusal.message
            return runnerPage(request, report: try await request.workouts().fitnessTestReport(test), error: message)
        }) {
            if form.skip != nil {
                try await tester.skip(exerciseID: exerciseID, in: test, at: request.now)
            } else {
                try await request.workouts().recordRate(
                    of: Request.motionLog(from: form.log.map { Data($0.data.readableBytesView) } ?? Data()), exerciseID: exerciseID,
                    in: test)
            }
            return request.redirect(to: SiteURL.workouts(.fitnessTest(id: test.id?.uuidString)).with([("done", exerciseID)]))
        }
    }

    private struct TrackForm: Content {
        var tracked: String?
        var `return`: String?
    }

    /// Track or untrack, then back where the button was (a path of this site only).
    func track(_ request: Request) async throws -> Response {
        guard let exercise = request.application.exerciseCatalogue.exercise(id: request.parameters.get("exerciseId") ?? "") else {
            throw AppError.notFound
        }
        let form = try request.content.decode(TrackForm.self)
        let tracked = form.tracked == "1"
        try await request.workouts().setTracked(exercise, tracked)
        let back = form.return.flatMap { path in path.hasPrefix("/") && !path.hasPrefix("//") && !path.contains("\\") ? path : nil }
        return request.redirect(to: back ?? SiteURL.workouts(.fitness).path)
    }
}
