import Foundation
import KineticCore

extension Localizer {
    func category(_ category: Exercise.Category) -> String { t("workouts.category.\(category)") }
    func muscle(_ muscle: Exercise.Muscle) -> String { t("workouts.muscle.\(muscle)") }
    func equipment(_ equipment: Exercise.Equipment) -> String { t("workouts.equipment.\(equipment)") }
    func level(_ level: Exercise.Level) -> String { t("workouts.level.\(level)") }

    /// A length as minutes and seconds, `m:ss` (`12:05`).
    func clock(seconds: Int) -> String {
        String(format: "%d:%02d", seconds / 60, seconds % 60)
    }

    /// A workout's length in whole minutes, e.g. "15 min".
    func minutes(seconds: Int) -> String {
        t("workouts.minutes", number(Int((Double(seconds) / 60).rounded())))
    }

    /// A tempo, e.g. "120 BPM" or "113.7 BPM".
    func bpm(_ value: Double) -> String {
        t("workouts.bpm", value.formatted(.number.precision(.fractionLength(0...1)).locale(locale)))
    }

    /// What an exercise needs and how fast it goes: its equipment (every item it needs, or
    /// bodyweight), reps a minute (or "Hold") and the song tempo that locks to them, from
    /// `tempo` (the plan's, which may be the user's measured one) or the table's.
    func exerciseFacts(_ exercise: Exercise, tempo: ExerciseTempo? = nil) -> [String] {
        let tempo = tempo ?? exercise.tempo
        let needs = exercise.needs.map { group in
            group.sorted { $0.rawValue < $1.rawValue }.map(equipment).formatted(.list(type: .or).locale(locale))
        }
        return [needs.isEmpty ? equipment(.bodyweight) : listJoined(needs)]
            + [tempo.repsPerMinute.map { t("workouts.repsPerMinute", number($0)) } ?? t("workouts.held")]
            + (tempo.targetBPM.map { [bpm(Double($0))] } ?? [])
    }

    /// What the Summary and the player say about an exercise's music when the click track
    /// keeps its beat (no song fits its tempo); nil when songs play.
    func musicNote(_ step: WorkoutDetails.Step) -> String? {
        guard step.playsClickTrack, let target = step.plan.targetBPM else { return nil }
        return t("workouts.music.click", bpm(Double(target)))
    }

    /// A workout's name from what it was made of: its categories or muscle groups, e.g.
    /// "Plyometrics, Cardio".
    func workoutName(_ selection: WorkoutSelection) -> String {
        let names: [String] =
            switch selection.focus {
            case .categories(let categories): Exercise.Category.allCases.filter(categories.contains).map(category)
            case .muscles(let muscles): Exercise.Muscle.allCases.filter(muscles.contains).map(muscle)
            }
        return listJoined(names)
    }

    /// Names joined the locale's way ("A, B and C" / "A, B und C").
    func listJoined(_ names: [String]) -> String {
        names.formatted(.list(type: .and).locale(locale))
    }

    /// An instant as a date in the user's time zone, e.g. "Jan 15, 2027".
    func fullDate(_ instant: Date, in timeZone: TimeZone) -> String {
        fullDate(LocalDate(containing: instant, in: timeZone))
    }
}
