import Foundation
import KineticCore

extension WorkoutSummaryPage {
    struct Model {
        let id: String
        let details: WorkoutDetails
        let name: String
        let isSaved: Bool
        /// The names of the themes its music came from (those still there).
        let themeNames: [String]
        /// Just finished in the player: Save or Quit.
        let justFinished: Bool
        /// How the finish went (when just finished): done enough to count, or not.
        var finish: CompletedWorkoutRecord? = nil
        /// After finishing: the exercises the user tracks (each cell has Track / Untrack).
        var tracked: Set<String> = []
        let notice: String?
    }
}
