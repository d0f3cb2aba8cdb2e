import Foundation
import KineticCore
import Testing

/// What a finish may say (``WorkoutEffort/reported(workedSeconds:skipped:plannedWorkSeconds:exercises:playableSeconds:)``)
/// and who may say it (``WorkoutPlayLease``).
@Suite struct WorkoutHonestyTests {
    private func report(_ worked: Int?, skipped: Int? = 0, playable: Int? = nil) -> Result<WorkoutEffort, WorkoutEffort.Refusal> {
        WorkoutEffort.reported(workedSeconds: worked, skipped: skipped, plannedWorkSeconds: 600, exercises: 12, playableSeconds: playable)
    }

    @Test func aFinish_isRefusedWhereItCannotBeTrue() throws {
        #expect(report(nil) == .failure(.workedSecondsMissing))
        #expect(report(601) == .failure(.moreThanPlanned(plannedWorkSeconds: 600)))
        #expect(report(10, skipped: 13) == .failure(.moreSkippedThanExercises(exercises: 12)))
        #expect(report(600, skipped: 1) == .failure(.skippedWithFullTime))
        #expect(report(590, skipped: 11) == .failure(.skippedWithFullTime))
        #expect(report(300, playable: 299) == .failure(.moreThanPlayed(playableSeconds: 299)))
        let fine = try report(589, skipped: 11, playable: 700).get()
        #expect(fine.workedSeconds == 589 && fine.skipped == 11 && fine.isComplete)
        #expect(try report(300, skipped: nil).get().isComplete, "half of it")
        #expect(try !report(299).get().isComplete)
    }

    @Test func aWorkoutIsHeldByOnePlaying_untilItLetsGoOrFallsSilent() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let (first, second) = (UUID(), UUID())
        guard
            case .granted(let lease) = WorkoutPlayLease.claim(
                runID: first, creditedWorkSeconds: 120, takingOver: false, current: nil, at: start)
        else {
            Issue.record("a free workout is granted")
            return
        }
        #expect(lease.playableSeconds(at: start.addingTimeInterval(60)) == 120 + 60 + WorkoutPlayLease.slackSeconds)
        let soon = start.addingTimeInterval(WorkoutPlayLease.heldFor - 1)
        #expect(
            WorkoutPlayLease.claim(runID: second, creditedWorkSeconds: 0, takingOver: false, current: lease, at: soon)
                == .playingElsewhere(since: start))
        #expect(!WorkoutPlayLease.mayReport(runID: second, current: lease, at: soon))
        #expect(!WorkoutPlayLease.mayReport(runID: nil, current: lease, at: soon), "a client that names no playing")
        #expect(WorkoutPlayLease.mayReport(runID: first, current: lease, at: soon))
        guard
            case .granted(let renewed) = WorkoutPlayLease.claim(
                runID: first, creditedWorkSeconds: 0, takingOver: false, current: lease, at: soon)
        else {
            Issue.record("the holder claims again")
            return
        }
        #expect(renewed.since == start && renewed.creditedWorkSeconds == 120 && renewed.seenAt == soon, "its start and credit kept")
        guard
            case .granted(let taken) = WorkoutPlayLease.claim(
                runID: second, creditedWorkSeconds: 0, takingOver: true, current: lease, at: soon)
        else {
            Issue.record("taking over is granted")
            return
        }
        #expect(taken.runID == second && !WorkoutPlayLease.mayReport(runID: first, current: taken, at: soon))
        let silent = start.addingTimeInterval(WorkoutPlayLease.heldFor)
        #expect(WorkoutPlayLease.mayReport(runID: second, current: lease, at: silent), "not heard from for 45 s: it let go")
    }
}
