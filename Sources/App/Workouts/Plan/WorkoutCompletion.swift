import Fluent
import Foundation
import KineticCore
import Vapor

extension WorkoutsService {
    /// How soon a second "finished" of the same workout without a run id counts as the same one
    /// (a repeated request from a client that sends no run id).
    static let repeatedCompletionWindow: TimeInterval = 120

    /// What recording a finished workout did: stored it now, or found it stored by an earlier
    /// request for the same run.
    struct Completion {
        let record: CompletedWorkoutRecord
        let isRepeat: Bool
    }

    /// Records that `workout` was played to the end, in one transaction: a completed workout
    /// with how much was done (``WorkoutEffort``: workout goals count it when it is complete),
    /// a row per exercise it had (so each can be tracked), and no more progress nor playing.
    /// `worked` and `skipped` are what the player counted, checked against the plan and the
    /// time since the server heard this run begin (``WorkoutEffort/reported(workedSeconds:skipped:plannedWorkSeconds:exercises:playableSeconds:)``:
    /// 422 with the field that cannot be true); 409 `playing_elsewhere` when another playing holds it.
    /// Idempotent per run: a repeat with the same `runID` (however late, however many at once)
    /// answers the stored one; without a run id, a repeat within ``repeatedCompletionWindow`` does.
    /// `finishedAt` is when the player says it ended (sent later from a phone that had no
    /// network), kept as ``CompletionTime/recorded(finishedAt:now:)`` allows.
    func complete(
        _ workout: WorkoutRecord, runID: UUID?, worked: Int? = nil, skipped: Int? = nil, finishedAt: Date? = nil
    )
        async throws -> Completion
    {
        let workoutID = try workout.requireID()
        if let stored = try await storedCompletion(userID: userID, workoutID: workoutID, runID: runID) {
            return try Self.repeated(stored, of: workoutID)
        }
        let plan = try workout.decodedPlan()
        let playable = try finishing(workout, runID: runID)
        let effort = try Self.checked(
            WorkoutEffort.reported(
                workedSeconds: worked, skipped: skipped, plannedWorkSeconds: plan.workSeconds, exercises: plan.steps.count,
                playableSeconds: playable))
        let exercises = plan.steps.compactMap { catalogue.exercise(id: $0.exerciseID) }
        let trained = CompletedWorkout.worked(by: exercises)
        let now = now
        let completion = CompletedWorkoutRecord()
        completion.$user.id = userID
        completion.$workout.id = workoutID
        completion.categories = try Self.jsonList(Exercise.Category.allCases.filter(trained.categories.contains).map(\.rawValue))
        completion.muscles = try Self.jsonList(Exercise.Muscle.allCases.filter(trained.muscles.contains).map(\.rawValue))
        completion.seconds = plan.totalSeconds
        completion.completedAt = CompletionTime.recorded(finishedAt: finishedAt, now: now)
        completion.runID = runID
        completion.workedSeconds = effort.workedSeconds
        completion.plannedWorkSeconds = effort.plannedWorkSeconds
        completion.skippedExercises = effort.skipped
        completion.counts = effort.isComplete
        do {
            try await store(completion, of: workout, exercises: exercises, userID: userID)
        } catch  where (error as? any DatabaseError)?.isConstraintFailure == true {
            // Another request of the same run stored it first.
            guard let stored = try await storedCompletion(userID: userID, workoutID: workoutID, runID: runID) else { throw error }
            return try Self.repeated(stored, of: workoutID)
        }
        return Completion(record: completion, isRepeat: false)
    }

    /// The effort, or the 422 that says which field cannot be true and why.
    private static func checked(_ reported: Result<WorkoutEffort, WorkoutEffort.Refusal>) throws -> WorkoutEffort {
        switch reported {
        case .success(let effort): return effort
        case .failure(let refusal):
            let (field, key, arguments): (String, String, [String]) =
                switch refusal {
                case .workedSecondsMissing: ("workedSeconds", "error.workouts.workedRequired", [])
                case .moreThanPlanned(let planned): ("workedSeconds", "error.workouts.workedMoreThanPlanned", [String(planned)])
                case .moreThanPlayed(let playable): ("workedSeconds", "error.workouts.workedMoreThanPlayed", [String(playable)])
                case .moreSkippedThanExercises(let exercises): ("skipped", "error.workouts.skippedMoreThanExercises", [String(exercises)])
                case .skippedWithFullTime: ("skipped", "error.workouts.skippedWithFullTime", [])
                }
            var error = AppError.validation(FieldErrors([field: key]))
            error.fieldArguments = [field: arguments]
            throw error
        }
    }

    /// The stored completion of a repeated request; 409 when its run finished another workout.
    private static func repeated(_ stored: CompletedWorkoutRecord, of workoutID: UUID) throws -> Completion {
        guard stored.$workout.id == workoutID else { throw AppError.conflict(messageKey: "error.workouts.runOfAnotherWorkout") }
        return Completion(record: stored, isRepeat: true)
    }

    private func storedCompletion(userID: UUID, workoutID: UUID, runID: UUID?) async throws -> CompletedWorkoutRecord? {
        let query = CompletedWorkoutRecord.query(on: database).filter(\.$user.$id == userID)
        if let runID { return try await query.filter(\.$runID == runID).first() }
        return try await query.filter(\.$workout.$id == workoutID)
            .filter(\.$completedAt > now.addingTimeInterval(-Self.repeatedCompletionWindow)).first()
    }

    private func store(_ completion: CompletedWorkoutRecord, of workout: WorkoutRecord, exercises: [Exercise], userID: UUID) async throws {
        let now = completion.completedAt
        try await database.writeTransaction { transaction in
            try await completion.create(on: transaction)
            let results = ExerciseResultsRepository(database: transaction, userID: userID)
            var seen = Set<String>()
            for exercise in exercises where seen.insert(exercise.id).inserted {
                let row = try await results.newRow(exercise.id, source: .workout, at: now)
                row.$completedWorkout.id = try completion.requireID()
                try await row.create(on: transaction)
            }
            workout.forgetProgress()
            workout.playLease = nil
            try await workout.save(on: transaction)
            // A complete workout uses one of each of its themes' workouts.
            if completion.counts {
                try await MusicThemesRepository(database: transaction, userID: userID).played(workout.decodedSelection().themeIDs)
            }
        }
    }

    /// How the user's last finish of `workout` went; nil before any.
    func lastCompletion(of workout: WorkoutRecord) async throws -> CompletedWorkoutRecord? {
        try await CompletedWorkoutRecord.query(on: database).filter(\.$user.$id == userID).filter(\.$workout.$id == workout.requireID())
            .sort(\.$completedAt, .descending).first()
    }

    /// The user's completed workouts since `start` that count (``WorkoutEffort``), on their local days.
    func completedWorkouts(since start: Date) async throws -> [CompletedWorkout] {
        try await CompletedWorkoutRecord.counting(of: userID, since: start, in: calendar.timeZone, on: database)
    }

    private static func jsonList(_ names: [String]) throws -> String {
        String(decoding: try JSONEncoder.sorted.encode(names), as: UTF8.self)
    }
}

extension Request {
    /// The run id a playing names (its finish, its saves): `runId` in a JSON body or a form; nil when absent,
    /// 422 when it is not a UUID.
    func completionRunID() async throws -> UUID? {
        let text: String?
        if let buffer = body.data, buffer.readableBytes > 0, headers.contentType == .json {
            text = try await jsonBody().requiredStrings([], optional: ["runId"]).get()["runId"]
        } else {
            text = try? content.get(String.self, at: "runId")
        }
        guard let text, !text.isEmpty else { return nil }
        guard let runID = UUID(uuidString: text) else { throw AppError.validation(FieldErrors(["runId": "error.workouts.runID"])) }
        return runID
    }

    /// What the player counted of a finished workout: `workedSeconds` and `skipped`, in a JSON
    /// body or a form, each optional; 422 when one is not a whole number from 0 to a day.
    /// When the player's form says the workout ended: `finishedAt`, milliseconds since 1970;
    /// nil when absent, 422 when it is not a whole number.
    func completionFinishedAt() throws -> Date? {
        guard let text = try? content.get(String.self, at: "finishedAt"), !text.isEmpty else { return nil }
        guard text.utf8.count <= 15, text.utf8.allSatisfy({ (48...57).contains($0) }), let milliseconds = Int64(text) else {
            throw AppError.validation(FieldErrors(["finishedAt": "error.workouts.finishedAt"]))
        }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    func completionEffort() async throws -> (worked: Int?, skipped: Int?) {
        var values: [String: Int] = [:]
        var errors = FieldErrors()
        let isJSON = (body.data?.readableBytes ?? 0) > 0 && headers.contentType == .json
        let members = isJSON ? try await jsonBody().objectValue ?? [:] : [:]
        for field in ["workedSeconds", "skipped"] {
            let value: Int??
            if isJSON {
                switch members[field] {
                case nil, .null?: value = .some(nil)
                case .number(let number)?: value = number.rounded() == number && abs(number) < 1e9 ? .some(Int(number)) : nil
                default: value = nil
                }
            } else {
                let text = try? content.get(String.self, at: field)
                value = text.map { $0.isEmpty ? .some(nil) : Int($0).map { .some($0) } ?? nil } ?? .some(nil)
            }
            switch value {
            case .some(.some(let number)) where (0...86_400).contains(number): values[field] = number
            case .some(.none): break
            default: errors.add(field, "error.workouts.effort")
            }
        }
        guard errors.isEmpty else { throw AppError.validation(errors) }
        return (values["workedSeconds"], values["skipped"])
    }
}

extension CompletedWorkoutRecord {
    /// The workouts of `userID` that count, finished since `start`, on their local days in `timeZone`.
    static func counting(
        of userID: UUID, since start: Date, in timeZone: TimeZone, on database: any Database
    ) async throws
        -> [CompletedWorkout]
    {
        try await query(on: database).filter(\.$user.$id == userID).filter(\.$completedAt >= start).filter(\.$counts == true).all()
            .map { $0.completed(in: timeZone) }
    }

    /// What it worked, on its local day in `timeZone`.
    func completed(in timeZone: TimeZone) -> CompletedWorkout {
        let decode = { (text: String) in (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? [] }
        return CompletedWorkout(
            day: LocalDate(containing: completedAt, in: timeZone),
            categories: Set(decode(categories).compactMap(Exercise.Category.init(rawValue:))),
            muscles: Set(decode(muscles).compactMap(Exercise.Muscle.init(rawValue:))),
            seconds: seconds
        )
    }
}
