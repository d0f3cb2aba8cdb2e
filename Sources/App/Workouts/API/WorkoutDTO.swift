import Foundation
import KineticCore
import Vapor

/// A workout as the API returns it: generated (no id yet) or kept.
struct WorkoutDTO: Content {
    struct Progress: Content {
        let exerciseIndex: Int
        let secondsLeft: Int
        let updatedAt: String
    }

    /// From a second of the workout on, what plays (``SoundtrackCue``).
    struct Cue: Content {
        /// The second of the workout, rests counted.
        let at: Int
        /// The song; null for the click track (at `bpm`) or, without a tempo, quiet.
        @NullEncoded var song: Song?
        /// The second of the song to start from.
        let from: Double
        /// The rate the player sets so the beat locks to the exercise (`preservesPitch` on).
        let playbackRate: Double
        @NullEncoded var bpm: Int?
        /// A rest: play it lower, never stop it.
        let ducked: Bool
        /// Seconds this song fades in while the song before it fades out (0: no crossfade).
        let fadeIn: Double
    }

    struct Song: Content {
        let id: UUID
        @NullEncoded var title: String?
        @NullEncoded var artist: String?
        @NullEncoded var bpm: Double?
        let audioUrl: String
    }

    struct Step: Content {
        let exercise: ExerciseDTO
        /// `warm-up`, `main` or `cool-down`.
        let part: String
        /// The main part's round (1, 2, …); 0 in the warm-up and cool-down.
        let round: Int
        let seconds: Int
        /// The rest after it; 0 after the last.
        let restSeconds: Int
        /// The second of the workout it starts at.
        let startsAt: Int
        @NullEncoded var repsPerMinute: Int?
        @NullEncoded var targetBpm: Int?
        /// What plays from its start to the end of its rest: which song from which second at what rate.
        let music: [Cue]
        /// True when the click track keeps its tempo for some of it: no song fits.
        let clickTrack: Bool
    }

    @NullEncoded var id: UUID?
    /// Generating again with this seed and selection gives the same exercises.
    let seed: UInt64
    let selection: JSONValue
    let totalSeconds: Int
    /// Cardio was chosen with too few cardio moves for the equipment: jumping moves were done as cardio.
    let cardioFromJumps: Bool
    let exercises: [Step]
    @NullEncoded var savedAt: String?
    @NullEncoded var progress: Progress?

    init(_ details: WorkoutDetails, record: WorkoutRecord? = nil, l: Localizer) throws {
        id = try record?.requireID()
        seed = details.seed
        selection = .object(WorkoutSelectionInput.members(of: details.selection))
        totalSeconds = details.plan.totalSeconds
        cardioFromJumps = details.plan.cardioFromJumps
        exercises = try details.steps.map { step in
            Step(
                exercise: ExerciseDTO(step.exercise, l: l), part: step.plan.part.rawValue, round: step.plan.round, seconds: step.seconds,
                restSeconds: step.plan.restAfter, startsAt: step.start, repsPerMinute: step.plan.repsPerMinute,
                targetBpm: step.plan.targetBPM,
                music: try step.cues.map { cue in
                    Cue(
                        at: cue.cue.at,
                        song: try cue.song.map { song in
                            let id = try song.requireID()
                            return Song(
                                id: id, title: song.title, artist: song.artist, bpm: song.bpm,
                                audioUrl: SiteURL.api(.songAudio(id: id.uuidString)).path)
                        }, from: cue.cue.from, playbackRate: cue.cue.rate, bpm: cue.cue.bpm, ducked: cue.cue.ducked,
                        fadeIn: cue.cue.fadeIn)
                },
                clickTrack: step.playsClickTrack
            )
        }
        savedAt = record?.savedAt?.formatted(.iso8601)
        progress = record.flatMap(Progress.init)
    }
}

/// A kept workout as View Workouts lists it: what it was made from and how long it is, without
/// its steps and music (``WorkoutDTO``, one request away when it is opened).
struct WorkoutSummaryDTO: Content {
    let id: UUID
    let seed: UInt64
    let selection: JSONValue
    let totalSeconds: Int
    let exerciseCount: Int
    @NullEncoded var savedAt: String?
    @NullEncoded var progress: WorkoutDTO.Progress?

    init(_ listing: WorkoutListing) throws {
        id = listing.id
        seed = UInt64(clamping: listing.seed)
        // Stored as the members ``WorkoutSelectionInput/members(of:)`` gives (see `keep`).
        selection = try JSONDecoder().decode(JSONValue.self, from: Data(listing.selection.utf8))
        totalSeconds = listing.totalSeconds
        exerciseCount = listing.exerciseCount
        savedAt = listing.savedAt?.formatted(.iso8601)
        progress = listing.progress.map(WorkoutDTO.Progress.init)
    }
}

extension WorkoutDTO.Progress {
    init(_ progress: WorkoutListing.Progress) {
        self.init(
            exerciseIndex: progress.exerciseIndex, secondsLeft: progress.secondsLeft, updatedAt: progress.updatedAt.formatted(.iso8601))
    }

    /// Where `record` was paused; nil when it is not in progress.
    init?(_ record: WorkoutRecord) {
        guard
            let progress = WorkoutListing.Progress(
                exerciseIndex: record.progressExercise, secondsLeft: record.progressSecondsLeft, updatedAt: record.progressUpdatedAt)
        else { return nil }
        self.init(progress)
    }
}

/// `GET /api/v1/workouts`: the two sections of View Workouts.
struct WorkoutListDTO: Content {
    let inProgress: [WorkoutSummaryDTO]
    let saved: [WorkoutSummaryDTO]
}
