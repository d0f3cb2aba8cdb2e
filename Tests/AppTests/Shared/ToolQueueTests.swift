import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import Testing

@testable import App

/// The fair line in front of the tool work, with jobs that hold their place until a gate opens.
@Suite struct ToolQueueTests {
    /// Jobs wait here (without blocking a thread) until the test lets them through.
    private actor Gate {
        private var passes = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func open(_ count: Int = 1) {
            for _ in 0..<count {
                if waiting.isEmpty { passes += 1 } else { waiting.removeFirst().resume() }
            }
        }

        func wait() async {
            if passes > 0 {
                passes -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    private func withQueue(
        threads: Int, maximumWaiting: Int = 64, perOwner: Int = 20, clock: TestClock = TestClock(testNow),
        _ body: (ToolQueue) async throws -> Void
    ) async throws {
        let pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        try await body(
            ToolQueue(
                threads: pool, threadCount: threads, maximumWaiting: maximumWaiting, maximumWaitingPerOwner: perOwner,
                clock: clock.kineticClock))
        try await pool.shutdownGracefully()
    }

    private func waitUntil(_ condition: @escaping () async -> Bool) async throws {
        for _ in 0..<500 where !(await condition()) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await condition())
    }

    @Test func anOwnerRunsOneJobAtATime_andAnotherOwnersJobTakesTheFreeThread() async throws {
        try await withQueue(threads: 2) { queue in
            let flood = ToolQueue.Owner.user(UUID()), other = ToolQueue.Owner.user(UUID())
            let gate = Gate()
            let started = NIOLockedValueBox<[String]>([])
            let floodJobs = (0..<12).map { index in
                Task {
                    try await queue.run(for: flood) {
                        started.withLockedValue { $0.append("flood-\(index)") }
                        await gate.wait()
                    }
                }
            }
            try await waitUntil { started.withLockedValue { $0.count } == 1 }
            try await Task.sleep(for: .milliseconds(100))
            #expect(started.withLockedValue { $0.count } == 1, "one of the flood's twelve runs; the second thread stays free")
            let answer = try await queue.run(for: other) {
                started.withLockedValue { $0.append("other") }
                return 42
            }
            #expect(answer == 42)
            await gate.open(12)
            for job in floodJobs { try await job.value }
            #expect(started.withLockedValue { $0 }.filter { $0.hasPrefix("flood") }.count == 12)
        }
    }

    /// Work that spreads (an import's runs of a tool) takes every place while it is alone, the
    /// second a spare one: another owner's job starts at once beside it, the import's next run
    /// waits for a place, and spreading work with a share (a request's) never takes a second.
    @Test func spreadingWork_takesSpareThreads_andGivesTheNextOneToAnotherOwner() async throws {
        try await withQueue(threads: 2) { queue in
            let importer = ToolQueue.Owner.user(UUID()), other = ToolQueue.Owner.user(UUID()), sender = ToolQueue.Owner.user(UUID())
            let gate = Gate()
            let started = NIOLockedValueBox<[String]>([])
            func job(_ owner: ToolQueue.Owner, _ name: String, shares: Set<String> = [], spreading: Bool = true) -> Task<Void, any Error> {
                Task {
                    try await queue.run(for: owner, shares: shares, spreading: spreading) {
                        started.withLockedValue { $0.append(name) }
                        await gate.wait()
                    }
                }
            }
            var jobs = (1...4).map { job(importer, "run-\($0)") }
            try await waitUntil { started.withLockedValue { $0.count } == 2 }
            #expect(started.withLockedValue { $0 } == ["run-1", "run-2"], "alone, the import's runs take both threads")
            jobs.append(job(other, "other", spreading: false))
            try await waitUntil { started.withLockedValue { $0.count } == 3 }
            #expect(started.withLockedValue { $0 }.last == "other", "the other user's job starts at once, beside the import's two")
            #expect(await queue.load.waiting == 2)
            await gate.open()
            try await Task.sleep(for: .milliseconds(100))
            #expect(started.withLockedValue { $0.count } == 3, "with the other user's job running, the import runs one at a time")
            await gate.open(4)
            for job in jobs { try await job.value }

            let network: Set<String> = ["net:192.0.2.0/24"]
            let shared = (1...2).map { job(sender, "shared-\($0)", shares: network) }
            try await waitUntil { started.withLockedValue { $0.count } == 6 }
            try await Task.sleep(for: .milliseconds(100))
            #expect(started.withLockedValue { $0.count } == 6, "work with a share runs one at a time")
            await gate.open(2)
            for job in shared { try await job.value }
            try await waitUntil { await queue.load == (waiting: 0, running: 0) }
        }
    }

    /// With one thread, owners take turns: A's second job waits behind B and C, who came later.
    @Test func ownersAreServedInTurn() async throws {
        try await withQueue(threads: 1) { queue in
            let a = ToolQueue.Owner.user(UUID()), b = ToolQueue.Owner.user(UUID()), c = ToolQueue.Owner.server("wish-cards")
            let gate = Gate()
            let order = NIOLockedValueBox<[String]>([])
            let first = Task {
                try await queue.run(for: a) {
                    order.withLockedValue { $0.append("a1") }
                    await gate.wait()
                }
            }
            try await waitUntil { order.withLockedValue { $0.count } == 1 }
            var jobs: [Task<Void, any Error>] = []
            for (owner, name) in [(a, "a2"), (a, "a3"), (b, "b1"), (c, "c1"), (b, "b2")] {
                jobs.append(
                    Task {
                        try await queue.run(for: owner) {
                            order.withLockedValue { $0.append(name) }
                            await gate.wait()
                        }
                    })
                try await waitUntil { await queue.load.waiting == jobs.count }
            }
            await gate.open(6)
            try await first.value
            for job in jobs { try await job.value }
            #expect(order.withLockedValue { $0 } == ["a1", "b1", "c1", "a2", "b2", "a3"])
        }
    }

    @Test func aFullLine_refusesWithRetryAfter_perOwnerAndInAll() async throws {
        try await withQueue(threads: 1, maximumWaiting: 3, perOwner: 2) { queue in
            let a = ToolQueue.Owner.user(UUID()), b = ToolQueue.Owner.user(UUID())
            let gate = Gate()
            var jobs = [Task { try await queue.run(for: a) { await gate.wait() } }]
            try await waitUntil { await queue.load.running == 1 }
            for _ in 0..<2 { jobs.append(Task { try await queue.run(for: a) { await gate.wait() } }) }
            try await waitUntil { await queue.load.waiting == 2 }
            await #expect(throws: ToolQueue.Full.self, "a's third waiting job") { try await queue.run(for: a) {} }
            jobs.append(Task { try await queue.run(for: b) { await gate.wait() } })
            try await waitUntil { await queue.load.waiting == 3 }
            do {
                _ = try await queue.run(for: ToolQueue.Owner.user(UUID())) {}
                Issue.record("the line holds three at most")
            } catch let full as ToolQueue.Full {
                #expect(full.retryAfterSeconds >= 1)
            }
            await gate.open(4)
            for job in jobs { try await job.value }
            #expect(await queue.load == (0, 0))
        }
    }

    @Test func aJobsError_reachesItsCaller_andFreesItsThread() async throws {
        struct Broken: Error {}
        try await withQueue(threads: 1) { queue in
            let owner = ToolQueue.Owner.user(UUID())
            await #expect(throws: Broken.self) { try await queue.run(for: owner) { () async throws -> Int in throw Broken() } }
            let next = try await queue.run(for: owner) { "next" }
            #expect(next == "next")
        }
    }

    /// Accounts cost nothing: four from one network share one turn, and run one job at a time
    /// between them, while a user from elsewhere takes the other thread at once.
    @Test func accountsFromOneNetwork_runOneJobAtATimeBetweenThem() async throws {
        try await withQueue(threads: 2) { queue in
            let gate = Gate()
            let started = NIOLockedValueBox<[String]>([])
            let sybils = (0..<4).map { index in
                Task {
                    try await queue.run(for: .user(UUID()), shares: ["net:198.51.100.7"]) {
                        started.withLockedValue { $0.append("sybil-\(index)") }
                        await gate.wait()
                    }
                }
            }
            try await waitUntil { started.withLockedValue { $0.count } == 1 }
            try await waitUntil { await queue.load.waiting == 3 }
            #expect(await queue.load.running == 1, "one of the four runs; the second thread stays free")
            let other = try await queue.run(for: .user(UUID()), shares: ["net:203.0.113.9"]) {
                started.withLockedValue { $0.append("other") }
                return "done"
            }
            #expect(other == "done")
            #expect(started.withLockedValue { $0 }.count == 2)
            await gate.open(4)
            for job in sybils { try await job.value }
            #expect(started.withLockedValue { $0 }.filter { $0.hasPrefix("sybil") }.count == 4)
        }
    }

    /// A file too costly to read cools down its sender and its network, not another user; a
    /// second such file within the cool-down doubles it.
    @Test func aFileTooCostly_coolsDownItsSenderAndNetwork_forLongerEachTime() async throws {
        let clock = TestClock(testNow)
        try await withQueue(threads: 1, clock: clock) { queue in
            let sender = ToolQueue.Owner.user(UUID()), sameNetwork = ToolQueue.Owner.user(UUID())
            let other = ToolQueue.Owner.user(UUID())
            let costly = AppError.fileTooCostly(ToolProcess.Failed(description: "ffmpeg", interruption: .timedOut(seconds: 10)))
            await #expect(throws: AppError.self) {
                try await queue.run(for: sender, shares: ["net:a", ToolQueue.signUpSharePrefix + "a@1"]) { () async throws -> Int in
                    throw costly
                }
            }
            do {
                try await queue.checkRoom(for: sameNetwork, shares: ["net:a"])
                Issue.record("the network cools down too")
            } catch let coolingDown as ToolQueue.CoolingDown {
                #expect(coolingDown.retryAfterSeconds == 60)
            }
            try await queue.checkRoom(for: other, shares: ["net:b"])
            // The accounts made beside the sender's only shared its turns: they do not wait.
            try await queue.checkRoom(for: other, shares: ["net:b", ToolQueue.signUpSharePrefix + "a@1"])
            clock.advance(by: 61)
            try await queue.checkRoom(for: sender, shares: ["net:a"])
            await #expect(throws: AppError.self) {
                try await queue.run(for: sender, shares: ["net:a"]) { () async throws -> Int in throw costly }
            }
            do {
                try await queue.checkRoom(for: sender)
                Issue.record("a second costly file cools down again")
            } catch let coolingDown as ToolQueue.CoolingDown {
                #expect(coolingDown.retryAfterSeconds == 120)
            }
        }
    }
}
