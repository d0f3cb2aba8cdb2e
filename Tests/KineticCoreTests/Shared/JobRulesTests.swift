import Foundation
import KineticCore
import Testing

@Suite struct JobRulesTests {
    @Test func retries_waitLongerEachTime_upToAnHour() {
        #expect((1...6).map { JobRetry.delay(afterAttempt: $0) } == [15, 30, 60, 120, 240, 480])
        #expect(JobRetry.delay(afterAttempt: 9) == 3600)
        #expect(JobRetry.delay(afterAttempt: 1000) == 3600)
        #expect(JobRetry.delay(afterAttempt: 0) == 15)
    }

    @Test func aFailure_isTriedAgainWhileTriesAreLeft_andARefusalNever() {
        #expect(JobRetry.stateAfterFailure(attempt: 1, maximumAttempts: 3, permanent: false) == .retryable)
        #expect(JobRetry.stateAfterFailure(attempt: 2, maximumAttempts: 3, permanent: false) == .retryable)
        #expect(JobRetry.stateAfterFailure(attempt: 3, maximumAttempts: 3, permanent: false) == .discarded)
        #expect(JobRetry.stateAfterFailure(attempt: 1, maximumAttempts: 3, permanent: true) == .discarded)
    }

    @Test func onlyCompletedAndDiscarded_areFinal_andClaimsTakeTheWaitingStates() {
        #expect(JobState.allCases.filter(\.isFinal) == [.completed, .discarded])
        #expect(Set(JobState.claimable) == [.scheduled, .available, .retryable])
        #expect(Set(JobState.claimable).isDisjoint(with: JobState.allCases.filter(\.isFinal)))
    }
}
