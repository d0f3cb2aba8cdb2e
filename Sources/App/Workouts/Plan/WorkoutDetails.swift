import Fluent
import Foundation
import KineticCore

/// A plan with its exercises and songs looked up, for the API and the pages. A song removed
/// from the library since gives way to the click track; an exercise is looked up in the
/// shipped catalogue. A plan kept before soundtracks gets its music here, from the user's
/// whole library.
struct WorkoutDetails {
    /// A cue of the soundtrack with its song, if it still exists.
    struct Cue {
        let cue: SoundtrackCue
        let song: SongRecord?

        /// The click track keeps the beat: no song fits (or the one planned is gone).
        var isClickTrack: Bool { song == nil && cue.bpm != nil }
    }

    struct Step {
        let index: Int
        let exercise: Exercise
        let plan: WorkoutPlan.Step
        /// The second of the workout it starts at.
        let start: Int
        /// What plays from its start to the end of the rest after it.
        let cues: [Cue]

        var seconds: Int { plan.seconds }

        /// Its pace as planned (the user's measured one, or the table's).
        var tempo: ExerciseTempo {
            guard let reps = plan.repsPerMinute, let target = plan.targetBPM, reps > 0 else {
                return ExerciseTempo(repsPerMinute: nil, beatsPerRep: nil)
            }
            return ExerciseTempo(repsPerMinute: reps, beatsPerRep: target / reps)
        }

        /// What plays while the exercise runs (not in the rest after it).
        var workCues: [Cue] { cues.filter { $0.cue.at < start + plan.seconds } }

        /// The songs heard during the exercise, each once, in order.
        var songs: [(record: SongRecord, rate: Double)] {
            var seen = Set<UUID>()
            return workCues.compactMap { cue in
                guard let song = cue.song, let id = song.id, seen.insert(id).inserted else { return nil }
                return (song, cue.cue.rate)
            }
        }

        /// The click track plays for some of the exercise: no song of the user's fits its tempo.
        var playsClickTrack: Bool { workCues.contains(where: \.isClickTrack) }
    }

    let plan: WorkoutPlan
    let steps: [Step]
    let soundtrack: [Cue]
    let selection: WorkoutSelectionInput.Validated
    let seed: UInt64

    /// A part of the workout as the Summary lists it: the warm-up, a block of the main part
    /// (its exercises once, done `rounds` times), or the cool-down.
    struct Section {
        let part: WorkoutStep.Part
        let rounds: Int
        let steps: [Step]
    }

    /// The warm-up, each block of the main part, and the cool-down, in order.
    var sections: [Section] {
        var sections: [Section] = []
        var index = 0
        while index < steps.count {
            let step = steps[index]
            guard step.plan.part == .main else {
                let run = steps[index...].prefix { $0.plan.part == step.plan.part }
                sections.append(Section(part: step.plan.part, rounds: 1, steps: Array(run)))
                index += run.count
                continue
            }
            // A round: the steps sharing its number; a block: the rounds of the same exercises.
            let round = Array(steps[index...].prefix { $0.plan.part == .main && $0.plan.round == step.plan.round })
            var rounds = 1
            var next = index + round.count
            while next + round.count <= steps.count,
                steps[next..<(next + round.count)].map(\.exercise.id) == round.map(\.exercise.id),
                steps[next].plan.part == .main
            {
                rounds += 1
                next += round.count
            }
            sections.append(Section(part: .main, rounds: rounds, steps: round))
            index = next
        }
        return sections
    }

    /// The main part has fewer exercises at the chosen level than in all: the catalogue had too
    /// few for these choices. Nil when all are at it.
    var easierExercises: (atLevel: Int, of: Int)? {
        let levels = plan.mainLevels
        let all = levels.values.reduce(0, +)
        let atLevel = levels[selection.selection.level, default: 0]
        return all > 0 && atLevel < all ? (atLevel, all) : nil
    }

    /// Looks up `plan`'s exercises in `catalogue` and its songs among the user's.
    static func load(
        plan stored: WorkoutPlan, selection: WorkoutSelectionInput.Validated, seed: UInt64,
        catalogue: ExerciseCatalogue, songs repository: SongsRepository
    ) async throws -> WorkoutDetails {
        var plan = stored
        if plan.soundtrack.isEmpty {
            plan = plan.withMusic(tempo: { catalogue.exercise(id: $0)?.tempo }, library: try await repository.library())
        }
        let records = try await repository.songs(Set(plan.soundtrack.compactMap(\.songID)))
        let starts = plan.startSeconds
        let steps = plan.steps.enumerated().compactMap { index, step -> Step? in
            guard let exercise = catalogue.exercise(id: step.exerciseID) else { return nil }
            let cues = plan.cues(ofStep: index).map { Cue(cue: $0, song: $0.songID.flatMap { records[$0] }) }
            return Step(index: index, exercise: exercise, plan: step, start: starts[index], cues: cues)
        }
        let soundtrack = plan.soundtrack.map { Cue(cue: $0, song: $0.songID.flatMap { records[$0] }) }
        return WorkoutDetails(plan: plan, steps: steps, soundtrack: soundtrack, selection: selection, seed: seed)
    }

    /// The details of a kept workout.
    static func load(_ workout: WorkoutRecord, catalogue: ExerciseCatalogue, songs: SongsRepository) async throws -> WorkoutDetails {
        try await load(
            plan: workout.decodedPlan(), selection: workout.decodedSelection(), seed: UInt64(clamping: workout.seed),
            catalogue: catalogue, songs: songs
        )
    }
}
