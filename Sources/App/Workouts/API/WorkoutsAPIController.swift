import Fluent
import Foundation
import KineticCore
import Vapor

/// Workouts: `POST /api/v1/workouts/generate` (a selection → a workout, not kept),
/// `POST /api/v1/workouts` (keep one: the selection and seed it came from), `GET
/// /api/v1/workouts` (in progress and saved, as summaries), `GET|PATCH|DELETE /api/v1/workouts/{workoutId}`
/// (PATCH saves or unsaves; DELETE removes it with its progress) and `PUT|DELETE
/// /api/v1/workouts/{workoutId}/progress` (where it was paused).
struct WorkoutsAPIController {
    func generate(_ request: Request) async throws -> WorkoutDTO {
        var body = try await JSONMemberReader.object(request.jsonBody()).get().members
        let seed = try Self.seed(from: &body)
        let built = try await request.workouts().workoutBuilder.build(body, seed: seed)
        let details = try await WorkoutDetails.load(
            plan: built.plan, selection: built.input, seed: built.seed,
            catalogue: request.application.exerciseCatalogue, songs: request.workouts().songs
        )
        return try WorkoutDTO(details, l: request.localizer)
    }

    /// The selection's members plus `seed` (from a generated workout, to keep exactly that
    /// one) and `saved` (default true; false keeps it only to be played and paused).
    func create(_ request: Request) async throws -> Response {
        var body = try await JSONMemberReader.object(request.jsonBody()).get().members
        let seed = try Self.seed(from: &body)
        var saved = true
        if let value = body.removeValue(forKey: "saved") {
            guard case .bool(let flag) = value else { throw AppError.validation(FieldErrors(["saved": "error.field.booleanExpected"])) }
            saved = flag
        }
        let builder = try request.workouts().workoutBuilder
        let workout = try await builder.keep(builder.build(body, seed: seed), saved: saved, now: request.now)
        return try await request.workouts().workoutDTO(workout).created(at: .api(.workout(id: workout.id?.uuidString)), for: request)
    }

    func list(_ request: Request) async throws -> WorkoutListDTO {
        let listings = try await request.workouts().workouts.listings()
        return WorkoutListDTO(
            inProgress: try listings.inProgress.map(WorkoutSummaryDTO.init), saved: try listings.saved.map(WorkoutSummaryDTO.init))
    }

    func show(_ request: Request) async throws -> WorkoutDTO {
        try await request.workouts().workoutDTO(request.ownedWorkout())
    }

    /// `{"saved": true|false}`.
    func update(_ request: Request) async throws -> WorkoutDTO {
        let workout = try await request.ownedWorkout()
        var reader = try await JSONMemberReader.object(request.jsonBody(), known: ["saved"]).get()
        let flag = reader.bool("saved")
        try await request.workouts().setSaved(workout, reader.result(flag).get())
        return try await request.workouts().workoutDTO(workout)
    }

    func delete(_ request: Request) async throws -> HTTPStatus {
        try await request.ownedWorkout().delete(on: request.db)
        return .noContent
    }

    /// `{"exerciseIndex": 2, "secondsLeft": 37, "runId": "…"}`: where the workout was paused,
    /// by which playing (409 when another holds it).
    func saveProgress(_ request: Request) async throws -> WorkoutDTO {
        let workout = try await request.ownedWorkout()
        var reader = try await JSONMemberReader.object(request.jsonBody(), known: ["exerciseIndex", "secondsLeft", "runId"]).get()
        let index = reader.integer("exerciseIndex"), left = reader.integer("secondsLeft")
        let runID = reader.uuid("runId", .optional, invalidKey: "error.workouts.runID")
        guard let index, let left, reader.errors.isEmpty else { throw AppError.validation(reader.errors) }
        try await request.workouts().pause(workout, at: index, secondsLeft: left, runID: runID)
        return try await request.workouts().workoutDTO(workout)
    }

    /// `?runId=…`: that playing leaves the workout (its place, if any, was saved before); 204.
    func releasePlay(_ request: Request) async throws -> HTTPStatus {
        let workout = try await request.ownedWorkout()
        guard let text = request.query[String.self, at: "runId"], let runID = UUID(uuidString: text) else {
            throw AppError.validation(FieldErrors(["runId": "error.workouts.runID"]))
        }
        try await request.workouts().releasePlay(workout, runID: runID)
        return .noContent
    }

    /// `{"runId": "…", "exerciseIndex": 2, "secondsLeft": 37, "takeOver": false}`: a playing of
    /// the workout starts (from its first second, or from the place given); 409
    /// `playing_elsewhere` while another playing holds it, unless it takes it over.
    func claimPlay(_ request: Request) async throws -> WorkoutPlayDTO {
        let workout = try await request.ownedWorkout()
        let claim = try await WorkoutPlayClaimInput.read(request)
        let lease = try await request.workouts().claimPlay(
            workout, runID: claim.runID, from: claim.place, takingOver: claim.takingOver)
        return WorkoutPlayDTO(lease)
    }

    /// Finished or started over: no longer in progress.
    func clearProgress(_ request: Request) async throws -> HTTPStatus {
        let workout = try await request.ownedWorkout()
        try await request.workouts().clearProgress(of: workout)
        return .noContent
    }

    /// Takes `seed` out of the members: a whole number in ``WorkoutBuilder/seeds``, or absent.
    private static func seed(from members: inout [String: JSONValue]) throws -> UInt64? {
        guard let value = members.removeValue(forKey: "seed") else { return nil }
        guard let number = value.integerValue, number >= 0, WorkoutBuilder.seeds.contains(UInt64(number)) else {
            throw AppError.validation(FieldErrors(["seed": "error.workout.seedRange"]))
        }
        return UInt64(number)
    }
}

extension WorkoutsService {
    func workoutDTO(_ workout: WorkoutRecord) async throws -> WorkoutDTO {
        try WorkoutDTO(await WorkoutDetails.load(workout, catalogue: catalogue, songs: songs), record: workout, l: localizer)
    }

    /// Saves `workout` (keeping the first time it was saved) or unsaves it, keeping it as a draft.
    func setSaved(_ workout: WorkoutRecord, _ saved: Bool) async throws {
        guard saved != (workout.savedAt != nil) else { return }
        workout.savedAt = saved ? now : nil
        try await workout.save(on: database)
    }

    /// Records where `workout` was paused, by the playing `runID` (``hearFrom(_:runID:)``); 422
    /// when that is not a place in its plan, 409 `playing_elsewhere` when another playing holds it.
    func pause(_ workout: WorkoutRecord, at index: Int, secondsLeft: Int, runID: UUID? = nil) async throws {
        let errors = try workout.decodedPlan().checkProgress(exerciseIndex: index, secondsLeft: secondsLeft)
        guard errors.isEmpty else { throw AppError.validation(errors) }
        workout.progressExercise = index
        workout.progressSecondsLeft = secondsLeft
        workout.progressUpdatedAt = now
        try hearFrom(workout, runID: runID)
        try await workout.save(on: database)
    }

    func clearProgress(of workout: WorkoutRecord) async throws {
        workout.forgetProgress()
        try await workout.save(on: database)
    }
}
