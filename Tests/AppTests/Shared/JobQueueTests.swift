import Fluent
import Foundation
import KineticCore
import NIOConcurrencyHelpers
import Testing
import VaporTesting

@testable import App

/// The `jobs` table: claims fair by owner and never shared, tries, leases rescued, finished jobs
/// pruned; and the workers that run them, on whichever instance is free.
@Suite struct JobQueueTests {
    struct Note: Codable, Equatable { var text: String }

    private func queue(_ app: Application, _ instance: String = "a") -> JobQueue {
        JobQueue(database: app.db, instance: instance)
    }

    /// A Kinetic whose own workers take nothing, so that the test claims by hand.
    private func withQueueOnly(_ body: (Application) async throws -> Void) async throws {
        try await withKinetic { app in
            await app.jobs.stop(drainingFor: 0)
            try await body(app)
        }
    }

    @Test func aJob_isClaimedOnce_andCompletedWithItsResult() async throws {
        try await withQueueOnly { app in
            let jobs = queue(app)
            let job = try await jobs.enqueue("test.note", owner: "ann", payload: Note(text: "hi"), now: testNow)
            #expect(job.state == .available)
            let claimed = try #require(try await jobs.claim(now: testNow, lease: 60))
            #expect(claimed.id == job.id)
            #expect(claimed.state == .executing)
            #expect(claimed.attempt == 1)
            #expect(claimed.attemptedBy == "a")
            #expect(try await jobs.claim(now: testNow, lease: 60) == nil)
            #expect(try await queue(app, "b").complete(claimed, result: Note(text: "not mine"), now: testNow) == false)
            #expect(try await jobs.complete(claimed, result: Note(text: "done"), now: testNow))
            let done = try #require(try await JobRecord.find(job.id, on: app.db))
            #expect(done.state == .completed)
            #expect(try JSONDecoder().decode(Note.self, from: Data((done.result ?? "").utf8)) == Note(text: "done"))
        }
    }

    @Test func claims_takeOwnersInTurn_andOneJobPerOwnerAtATime() async throws {
        try await withQueueOnly { app in
            let jobs = queue(app)
            for index in 1...3 {
                try await jobs.enqueue("test.note", owner: "ann", payload: Note(text: "ann \(index)"), now: testNow)
            }
            try await jobs.enqueue("test.note", owner: "ben", payload: Note(text: "ben 1"), now: testNow.addingTimeInterval(1))
            try await jobs.enqueue("test.note", owner: "cem", payload: Note(text: "cem 1"), now: testNow.addingTimeInterval(2))
            let now = testNow.addingTimeInterval(5)
            var order: [String] = []
            // Ann's three came first; Ben and Cem, who have had no turn, go before her second.
            for _ in 0..<5 {
                let job = try #require(try await jobs.claim(now: now, lease: 60))
                order.append(try JSONDecoder().decode(Note.self, from: Data(job.payload.utf8)).text)
                // While Ann's job runs, no other of hers is claimed.
                if job.owner == "ann" {
                    let next = try await jobs.claim(now: now, lease: 60)
                    #expect(next?.owner != "ann")
                    if let next {
                        order.append(try JSONDecoder().decode(Note.self, from: Data(next.payload.utf8)).text)
                        try await jobs.complete(next, result: Note(text: ""), now: now)
                    }
                }
                try await jobs.complete(job, result: Note(text: ""), now: now)
                if order.count == 5 { break }
            }
            #expect(order == ["ann 1", "ben 1", "cem 1", "ann 2", "ann 3"])
        }
    }

    @Test func aFailedTry_isTriedAgainLater_andARefusalOrTheLastTryIsDiscarded() async throws {
        try await withQueueOnly { app in
            let jobs = queue(app)
            let failure = JobFailure(AppError(status: .serviceUnavailable, code: "busy", messageKey: "error.job.failed"))
            let job = try await jobs.enqueue("test.note", owner: "ann", payload: Note(text: "x"), maximumAttempts: 2, now: testNow)
            let first = try #require(try await jobs.claim(now: testNow, lease: 60))
            #expect(try await jobs.fail(first, because: failure, permanent: false, now: testNow))
            let waiting = try #require(try await JobRecord.find(job.id, on: app.db))
            #expect(waiting.state == .retryable)
            #expect(waiting.scheduledAt == testNow.addingTimeInterval(JobRetry.delay(afterAttempt: 1)))
            #expect(try await jobs.claim(now: testNow.addingTimeInterval(14), lease: 60) == nil)
            let second = try #require(try await jobs.claim(now: testNow.addingTimeInterval(15), lease: 60))
            #expect(second.attempt == 2)
            #expect(try await jobs.fail(second, because: failure, permanent: false, now: testNow.addingTimeInterval(16)))
            #expect(try await JobRecord.find(job.id, on: app.db)?.state == .discarded)

            let refused = try await jobs.enqueue("test.note", owner: "ben", payload: Note(text: "y"), now: testNow)
            let claimed = try #require(try await jobs.claim(now: testNow, lease: 60))
            #expect(claimed.id == refused.id)
            #expect(try await jobs.fail(claimed, because: failure, permanent: true, now: testNow))
            let discarded = try #require(try await JobRecord.find(refused.id, on: app.db))
            #expect(discarded.state == .discarded)
            #expect(discarded.decodedFailure?.code == "busy")
        }
    }

    @Test func aLeaseRunOut_isRescued_andAReleasedJobKeepsItsTries() async throws {
        try await withQueueOnly { app in
            let dead = queue(app, "dead")
            let job = try await dead.enqueue("test.note", owner: "ann", payload: Note(text: "x"), maximumAttempts: 2, now: testNow)
            let first = try #require(try await dead.claim(now: testNow, lease: 60))
            #expect(try await dead.rescue(now: testNow.addingTimeInterval(59)) == 0)
            #expect(try await dead.rescue(now: testNow.addingTimeInterval(61)) == 1)
            #expect(try await JobRecord.find(job.id, on: app.db)?.state == .retryable)
            // The instance that died cannot finish it any more; another takes it.
            #expect(try await dead.complete(first, result: Note(text: "late"), now: testNow) == false)
            let other = queue(app, "alive")
            let again = try #require(try await other.claim(now: testNow.addingTimeInterval(61), lease: 60))
            #expect(again.attempt == 2)
            // A stale run of the first try cannot touch the second, even on the same instance.
            #expect(try await other.complete(first, result: Note(text: "stale"), now: testNow.addingTimeInterval(61)) == false)
            #expect(try await other.release(again, now: testNow.addingTimeInterval(62)))
            let released = try #require(try await JobRecord.find(job.id, on: app.db))
            #expect(released.state == .available)
            #expect(released.attempt == 1)
            // Rescued past its last try, it is discarded.
            _ = try #require(try await other.claim(now: testNow.addingTimeInterval(62), lease: 60))
            #expect(try await other.rescue(now: testNow.addingTimeInterval(200)) == 1)
            #expect(try await JobRecord.find(job.id, on: app.db)?.state == .discarded)
        }
    }

    @Test func scheduledJobs_waitForTheirTime_andFinishedOnesArePruned() async throws {
        try await withQueueOnly { app in
            let jobs = queue(app)
            let later = try await jobs.enqueue(
                "test.note", owner: "ann", payload: Note(text: "later"), at: testNow.addingTimeInterval(600), now: testNow)
            #expect(later.state == .scheduled)
            #expect(try await jobs.claim(now: testNow, lease: 60) == nil)
            try await jobs.stage(now: testNow.addingTimeInterval(600))
            #expect(try await JobRecord.find(later.id, on: app.db)?.state == .available)
            let claimed = try #require(try await jobs.claim(now: testNow.addingTimeInterval(600), lease: 60))
            try await jobs.complete(claimed, result: Note(text: ""), now: testNow.addingTimeInterval(600))
            #expect(try await jobs.prune(olderThan: 3600, now: testNow.addingTimeInterval(600 + 3599)) == 0)
            #expect(try await jobs.prune(olderThan: 3600, now: testNow.addingTimeInterval(600 + 3601)) == 1)
            #expect(try await JobRecord.query(on: app.db).count() == 0)
        }
    }

    /// Two instances claiming at once from one database never take the same job.
    @Test func twoInstancesClaimingTogether_neverShareAJob() async throws {
        try await withQueueOnly { app in
            for index in 0..<40 {
                try await queue(app).enqueue("test.note", owner: "user-\(index)", payload: Note(text: "\(index)"), now: testNow)
            }
            let taken = NIOLockedValueBox<[UUID]>([])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for instance in ["a", "b"] {
                    group.addTask {
                        while let job = try await queue(app, instance).claim(now: testNow, lease: 60) {
                            taken.withLockedValue { $0.append(job.id!) }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let ids = taken.withLockedValue { $0 }
            #expect(ids.count == 40)
            #expect(Set(ids).count == 40)
        }
    }

    @Test func workers_runARegisteredKind_andTellARefusalAsIs() async throws {
        try await withKinetic { app in
            app.jobs.register("test.shout") { job, _ in
                let note = try JSONDecoder().decode(Note.self, from: Data(job.payload.utf8))
                guard !note.text.isEmpty else {
                    throw AppError(status: .unprocessableEntity, code: "empty_note", messageKey: "error.validation")
                }
                return Note(text: note.text.uppercased())
            }
            let job = try await app.enqueueJob("test.shout", owner: "ann", payload: Note(text: "hello"))
            let done = try await app.waitForJob(try job.requireID(), upTo: 10)
            #expect(done.state == .completed)
            #expect(try JSONDecoder().decode(Note.self, from: Data((done.result ?? "").utf8)) == Note(text: "HELLO"))

            let empty = try await app.enqueueJob("test.shout", owner: "ann", payload: Note(text: ""))
            let refused = try await app.waitForJob(try empty.requireID(), upTo: 10)
            #expect(refused.state == .discarded)
            #expect(refused.attempt == 1)
            #expect(refused.decodedFailure?.code == "empty_note")
            #expect(refused.decodedFailure?.status == 422)
        }
    }

    @Test func stopping_givesBackAJobThatDoesNotFinishInTime() async throws {
        try await withKinetic { app in
            let started = NIOLockedValueBox(false)
            app.jobs.register("test.slow") { _, _ in
                started.withLockedValue { $0 = true }
                try await Task.sleep(for: .seconds(60))
                return Note(text: "finished")
            }
            let job = try await app.enqueueJob("test.slow", owner: "ann", payload: Note(text: ""))
            let deadline = Date().addingTimeInterval(10)
            while !started.withLockedValue({ $0 }), Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
            #expect(started.withLockedValue { $0 })
            let stopping = Date()
            await app.jobs.stop(drainingFor: 0.5)
            #expect(Date().timeIntervalSince(stopping) < 5)
            let released = try #require(try await JobRecord.find(job.id, on: app.db))
            #expect(released.state == .available)
            #expect(released.attempt == 0)
            #expect(released.attemptedBy == app.kineticConfiguration.instanceID)
        }
    }

    /// The databases close right after the workers stop: a loop still claiming then would give
    /// its connection back to a closed pool, where it is never closed.
    @Test func stopping_returnsOnceEveryWorkerLoopHasEnded() async throws {
        try await withKinetic { app in
            app.jobs.register("test.shout") { job, _ in Note(text: job.payload.uppercased()) }
            for index in 0..<20 {
                _ = try await app.enqueueJob("test.shout", owner: "owner-\(index)", payload: Note(text: "\(index)"))
            }
            #expect(app.jobs.workerLoopsRunning == app.jobs.slots + 1, "a loop per tool thread, and the quick one")
            await app.jobs.stop(drainingFor: 5)
            #expect(app.jobs.workerLoopsRunning == 0)
        }
    }

    /// A job put in on one instance is run by another, woken at once (PostgreSQL's `NOTIFY`;
    /// its own poll is a minute away).
    @Test(.enabled(if: TestDatabase.postgresURL != nil, "PostgreSQL: instances on one database"))
    func aJobPutInOnOneInstance_isRunByAnother_wokenByNotify() async throws {
        try await withKinetic { first in
            await first.jobs.stop(drainingFor: 0)
            var configuration = first.kineticConfiguration
            configuration.instanceID = "second-instance"
            configuration.jobPollInterval = 60
            let second = try await Application.make(.testing)
            do {
                try await configure(second, configuration)
                second.jobs.register("test.shout") { job, _ in
                    Note(text: try JSONDecoder().decode(Note.self, from: Data(job.payload.utf8)).text.uppercased())
                }
                second.startJobWorkers()
                try await Task.sleep(for: .milliseconds(500)) // its LISTEN is in place
                let started = Date()
                let job = try await first.enqueueJob("test.shout", owner: "ann", payload: Note(text: "across"))
                let done = try await first.waitForJob(try job.requireID(), upTo: 20)
                #expect(done.state == .completed)
                #expect(done.attemptedBy == "second-instance")
                #expect(Date().timeIntervalSince(started) < 5, "woken, not polled")
            } catch {
                try? await second.asyncShutdown()
                throw error
            }
            try await second.asyncShutdown()
        }
    }

    @Test func anInstance_claimsOnlyTheKindsItRuns() async throws {
        try await withQueueOnly { app in
            let jobs = queue(app)
            try await jobs.enqueue("song.import.v2", owner: "ann", payload: Note(text: "new"), now: testNow)
            #expect(try await jobs.claim(now: testNow, lease: 60, kinds: ["song.import"]) == nil)
            #expect(try await jobs.claim(now: testNow, lease: 60, kinds: []) == nil)
            #expect(try await jobs.claim(now: testNow, lease: 60, kinds: ["song.import", "song.import.v2"])?.kind == "song.import.v2")
        }
    }
}
