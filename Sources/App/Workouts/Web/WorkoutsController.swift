import Fluent
import Foundation
import KineticCore
import Vapor

/// View Workouts, the Summary and the player, and the forms behind them: save, unsave or
/// quit, and the player's progress.
struct WorkoutsController {
    func home(_ request: Request) async throws -> Response {
        let notice: String? =
            switch request.query[String.self, at: "done"] {
            case "unsaved": request.localizer.t("workouts.home.unsavedNotice")
            case "quit": request.localizer.t("workouts.home.quitNotice")
            case "saved": request.localizer.t("workouts.home.savedNotice")
            default: nil
            }
        let loader = WorkoutsHomePage.Loader(
            workouts: try request.workouts().workouts, songs: try request.workouts().songs,
            catalogue: request.application.exerciseCatalogue,
            timeZone: request.userCalendar.timeZone, l: request.localizer
        )
        var model = try await loader.load(notice: notice)
        model.reminders = try await request.workouts().goalReminders()
        return .html(WorkoutsHomePage.render(model, context: PageContext(request: request)))
    }

    func summary(_ request: Request) async throws -> Response {
        let workout = try await request.ownedWorkout()
        let details = try await WorkoutDetails.load(
            workout, catalogue: request.application.exerciseCatalogue, songs: request.workouts().songs)
        let themes = try await request.workouts().themes.themes(details.selection.themeIDs)
        let justFinished = request.query[String.self, at: "finished"] != nil
        var model = WorkoutSummaryPage.Model(
            id: try workout.requireID().uuidString, details: details, name: request.localizer.workoutName(details.selection.selection),
            isSaved: workout.savedAt != nil, themeNames: themes.map(\.name),
            justFinished: request.query[String.self, at: "finished"] != nil,
            tracked: try await request.workouts().exerciseResults.trackedExerciseIDs(),
            notice: request.query[String.self, at: "saved"] != nil ? request.localizer.t("workouts.summary.savedNotice") : nil
        )
        if justFinished { model.finish = try await request.workouts().lastCompletion(of: workout) }
        return .html(WorkoutSummaryPage.render(model, context: PageContext(request: request)))
    }

    private struct SaveForm: Content {
        var finished: String?
    }

    func save(_ request: Request) async throws -> Response {
        let workout = try await request.ownedWorkout()
        try await request.workouts().setSaved(workout, true)
        let id = try workout.requireID().uuidString
        let finished = (try? request.content.decode(SaveForm.self))?.finished != nil
        let dto = try await request.workouts().workoutDTO(workout)
        return try request.savedAnswer(
            json: dto,
            redirectTo: finished
                ? SiteURL.module(.workouts).with([("done", "saved")]) : SiteURL.workouts(.summary(id: id)).with([("saved", "1")])
        )
    }

    private struct DeleteForm: Content {
        var from: String?
    }

    /// Unsave (from View Workouts) or quit (a draft, from the Summary): the workout and its
    /// in-progress version go.
    func delete(_ request: Request) async throws -> Response {
        let workout = try await request.ownedWorkout()
        try await workout.delete(on: request.db)
        let from = (try? request.content.decode(DeleteForm.self))?.from
        if request.wantsJSON { return Response(status: .noContent) }
        return request.redirect(to: SiteURL.module(.workouts).with([("done", from == "saved" ? "unsaved" : "quit")]))
    }

    func play(_ request: Request) async throws -> Response {
        let workout = try await request.ownedWorkout()
        let details = try await WorkoutDetails.load(
            workout, catalogue: request.application.exerciseCatalogue, songs: request.workouts().songs)
        guard !details.steps.isEmpty else { throw AppError.notFound }
        // The stored paused place (`resume`), or the place asked for, if it is one; otherwise the start.
        let plan = details.plan
        let resume = request.query[String.self, at: "resume"] != nil
        let requested = (resume ? workout.progressExercise : request.query[Int.self, at: "exercise"]) ?? 0
        var index = plan.steps.indices.contains(requested) && details.steps.indices.contains(requested) ? requested : 0
        var left = (resume ? workout.progressSecondsLeft : request.query[Int.self, at: "left"]) ?? plan.steps[index].seconds
        if !plan.checkProgress(exerciseIndex: index, secondsLeft: left).isEmpty {
            index = 0
            left = plan.steps[0].seconds
        }
        let model = PlayerPage.Model(
            id: try workout.requireID().uuidString, name: request.localizer.workoutName(details.selection.selection),
            details: details, startIndex: index, startSecondsLeft: left
        )
        return .html(PlayerPage.render(model, context: PageContext(request: request)))
    }

    private struct ProgressForm: Content {
        var exerciseIndex: Int?
        var secondsLeft: Int?
        var clear: String?
        /// The playing leaves (quit, back, its page closed): it no longer holds the workout.
        var release: String?
    }

    /// The player's pause, quit or periodic save (`exerciseIndex`, `secondsLeft`, by `runId`),
    /// its leaving (`release`, with or without a place), or its end (`clear`). 204; 422 for a
    /// place that is not in the workout; 409 `playing_elsewhere` when another playing holds it.
    func progress(_ request: Request) async throws -> Response {
        let workout = try await request.ownedWorkout()
        let form = try request.content.decode(ProgressForm.self)
        let runID = try await request.completionRunID()
        if form.clear != nil {
            try await request.workouts().clearProgress(of: workout)
        } else if let index = form.exerciseIndex, let left = form.secondsLeft {
            try await request.workouts().pause(workout, at: index, secondsLeft: left, runID: runID)
        } else if form.release == nil || runID == nil {
            throw AppError.validation(FieldErrors(["exerciseIndex": "error.field.required"]))
        }
        if form.release != nil, let runID { try await request.workouts().releasePlay(workout, runID: runID) }
        return Response(status: .noContent)
    }

    /// The player's claim as it starts or resumes (``WorkoutPlayClaimInput``, JSON with the CSRF
    /// token in its header): 200 with who holds it, 409 `playing_elsewhere` while another does.
    func claimPlay(_ request: Request) async throws -> WorkoutPlayDTO {
        try await WorkoutsAPIController().claimPlay(request)
    }

    /// The player reached the end: recorded (``Request/complete(_:)``), then the Summary says so
    /// with a Track button per exercise.
    func complete(_ request: Request) async throws -> Response {
        let workout = try await request.ownedWorkout()
        let effort = try await request.completionEffort()
        _ = try await request.workouts().complete(
            workout, runID: request.completionRunID(), worked: effort.worked, skipped: effort.skipped,
            finishedAt: request.completionFinishedAt())
        return request.redirect(to: SiteURL.workouts(.summary(id: workout.id?.uuidString)).with([("finished", "1")]))
    }
}
