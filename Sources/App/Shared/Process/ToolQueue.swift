import Foundation
import NIOPosix

/// The line in front of the tool work: every piece of it (ffprobe and ffmpeg, the tempo and
/// motion-log analyses, report rendering, card drawing, reading contact files) waits here for
/// one of ``threadCount`` places, so that no one stalls everyone else. A job's tools run as
/// subprocesses; its computing in Swift runs on the tool threads (``compute(_:)``), away from
/// the threads that answer requests.
///
/// Fair by owner and by share: when a thread frees up it goes to the next owner in turn with
/// nothing running whose shares are free too (round robin), not to whoever queued the most.
/// Each *share*, the client network work came from (``ToolShares``), runs one job at a time:
/// accounts cost nothing, so four accounts from one address are one share and run one job at a
/// time between them, whatever each of them queued. So one account uploading twelve songs at
/// once, or four accounts from one address looping a costly photo, keep one thread busy, while
/// another user's work starts on the next free thread.
///
/// Work conserving, for work that asks to spread (`spreading`) and counts against no share (a
/// report import's runs of a tool, seconds each: ``PDFTools/line``): a place nobody waits for
/// goes to more of such work of an owner already running, as a *spare* run, in turn. Spare runs
/// take no place from anyone: another owner's work starts at once beside them, and the kernel
/// shares the cores (the tools run below the server's priority). So an import uses every core
/// while it is alone, and another user's work waits for none of its runs. Other work never
/// spreads: a song's analysis or a photo's decode is one piece, and a request's work counts
/// against its network.
///
/// Bounded: an owner may have ``maximumWaitingPerOwner`` jobs waiting, and all owners together
/// ``maximumWaiting``; beyond that ``Full`` is thrown, which answers 503 with `Retry-After`.
///
/// Costly input counts against whoever sent it: a job that ends in ``AppError/fileTooCostly``
/// (a file whose decoding went past its budget) puts its owner and shares in a cool-down
/// (``coolDown(after:)``), during which their new work is refused (``CoolingDown``, 429), rather
/// than let them try again at once for another full budget.
actor ToolQueue {
    /// Whose work a job is.
    enum Owner: Hashable, Sendable {
        case user(UUID)
        /// Work of the server's own, named (`wish-cards`, `demo`): each name is one owner.
        case server(String)
    }

    /// Refused because too much work is waiting; try again after `retryAfterSeconds`.
    struct Full: Error, Equatable {
        let retryAfterSeconds: Int
    }

    /// Refused because the owner's or a share's last file was too costly to read; try again after `retryAfterSeconds`.
    struct CoolingDown: Error, Equatable {
        let retryAfterSeconds: Int
    }

    /// How many threads the tool line has: one a core, and at least two, so that one user's
    /// long work never holds every place.
    static let threadsForTools = max(2, ProcessInfo.processInfo.activeProcessorCount)
    /// How many jobs an owner may have waiting, unless a queue is made with another number.
    static let waitingPerOwner = 4

    let threads: NIOThreadPool
    let threadCount: Int
    let maximumWaiting: Int
    let maximumWaitingPerOwner: Int
    private let clock: KineticClock

    private struct Job {
        let shares: Set<String>
        /// Whether it may take a spare thread beside its owner's other work.
        let spreads: Bool
        let work: @Sendable () async -> Void
    }

    private var waiting: [Owner: [Job]] = [:]
    /// Owners with work waiting, in the order they are served. An owner whose job starts or
    /// ends goes to the back, behind everyone who came meanwhile.
    private var turn: [Owner] = []
    /// How many jobs each owner has running.
    private var running: [Owner: Int] = [:]
    private var runningCount = 0
    /// How many of them run on spare places (``threadCount`` more at most).
    private var spareCount = 0
    private var busyShares: Set<String> = []
    private var waitingCount = 0
    /// Who may queue nothing until when, and how many costly files in a row led there.
    private var coolDowns: [String: (until: Date, strikes: Int)] = [:]

    init(
        threads: NIOThreadPool, threadCount: Int, maximumWaiting: Int = 64, maximumWaitingPerOwner: Int = waitingPerOwner,
        clock: KineticClock = .system
    ) {
        self.threads = threads
        self.threadCount = threadCount
        self.maximumWaiting = maximumWaiting
        self.maximumWaitingPerOwner = maximumWaitingPerOwner
        self.clock = clock
    }

    /// Runs `work` when it is `owner`'s turn and none of `shares` runs anything (or, `spreading`
    /// without shares, on a thread nobody else is waiting for), and returns what it returned.
    func run<Value: Sendable>(
        for owner: Owner, shares: Set<String> = [], spreading: Bool = false, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try checkRoom(for: owner, shares: shares)
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let job = Job(shares: shares, spreads: spreading && shares.isEmpty) {
                do {
                    continuation.resume(returning: try await work())
                } catch {
                    if (error as? AppError)?.code == AppError.fileTooCostlyCode { await self.coolDown(after: owner, shares: shares) }
                    continuation.resume(throwing: error)
                }
            }
            waiting[owner, default: []].append(job)
            waitingCount += 1
            if !turn.contains(owner) { turn.append(owner) }
            startWhatCanRun()
        }
    }

    /// Runs blocking Swift work (an analysis of samples, a file's unpacking) on a tool thread,
    /// for a job that holds its place already.
    nonisolated func compute<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await threads.runIfActive(work)
    }

    /// Throws ``CoolingDown`` while `owner` or one of `shares` cools down, and ``Full`` when
    /// `owner` could not queue a job now: asked before an upload is read, so a refused one costs
    /// no more than its headers.
    func checkRoom(for owner: Owner, shares: Set<String> = []) throws {
        let now = clock.now
        let until = ([Self.key(owner)] + shares).compactMap { coolDowns[$0]?.until }.filter { $0 > now }.max()
        if let until { throw CoolingDown(retryAfterSeconds: max(1, Int((until.timeIntervalSince(now)).rounded(.up)))) }
        let mine = waiting[owner]?.count ?? 0
        guard mine < maximumWaitingPerOwner, waitingCount < maximumWaiting else { throw full }
    }

    /// Puts `owner` and `shares` in a cool-down after a file too costly to read: a minute, twice
    /// as long for each such file within the cool-down before (at most a quarter of an hour).
    func coolDown(after owner: Owner, shares: Set<String>) {
        let now = clock.now
        // A sign-up share only takes turns: the accounts made beside a sender's (a gym's or an
        // office's network) do not wait for their costly file.
        for key in [Self.key(owner)] + shares.filter({ !$0.hasPrefix(Self.signUpSharePrefix) }) {
            let earlier = coolDowns[key].flatMap { $0.until.addingTimeInterval(Self.longestCoolDown) > now ? $0.strikes : nil } ?? 0
            let seconds = min(Self.longestCoolDown, Self.firstCoolDown * pow(2, Double(earlier)))
            coolDowns[key] = (now.addingTimeInterval(seconds), earlier + 1)
        }
        coolDowns = coolDowns.filter { $0.value.until.addingTimeInterval(Self.longestCoolDown) > now }
    }

    /// How the shares of accounts made together begin (``User/signUpShare(at:)``).
    static let signUpSharePrefix = "signup:"

    static let firstCoolDown: TimeInterval = 60
    static let longestCoolDown: TimeInterval = 900

    private static func key(_ owner: Owner) -> String {
        switch owner {
        case .user(let id): "user:\(id.uuidString)"
        case .server(let name): "server:\(name)"
        }
    }

    private var full: Full {
        Full(retryAfterSeconds: max(1, min(60, waitingCount / max(1, threadCount) * 2)))
    }

    /// How many jobs wait and how many run, for tests and the log.
    var load: (waiting: Int, running: Int) { (waitingCount, runningCount) }

    /// Starts waiting jobs while places are free: first of owners with nothing running, in turn,
    /// on the ``threadCount`` places; then, while places stand idle, more of the spreading work
    /// of owners running already, on spare places.
    private func startWhatCanRun() {
        for more in [false, true] {
            var index = 0
            while (more ? runningCount : runningCount - spareCount) < threadCount, index < turn.count {
                let owner = turn[index]
                guard let job = waiting[owner]?.first else {
                    turn.remove(at: index)
                    continue
                }
                let mayStart =
                    more ? job.spreads : running[owner, default: 0] == 0 && busyShares.isDisjoint(with: job.shares)
                guard mayStart else {
                    index += 1
                    continue
                }
                start(job, of: owner, at: index, spare: more)
            }
        }
    }

    /// Starts the first job `owner` has waiting (at `index` in the turn), on a spare place or
    /// not, and sends the owner to the back of the turn when it has more.
    private func start(_ job: Job, of owner: Owner, at index: Int, spare: Bool) {
        turn.remove(at: index)
        var jobs = waiting[owner] ?? []
        jobs.removeFirst()
        waiting[owner] = jobs.isEmpty ? nil : jobs
        if !jobs.isEmpty { turn.append(owner) }
        waitingCount -= 1
        running[owner, default: 0] += 1
        runningCount += 1
        if spare { spareCount += 1 }
        busyShares.formUnion(job.shares)
        Task {
            await job.work()
            self.finished(owner, shares: job.shares, spare: spare)
        }
    }

    private func finished(_ owner: Owner, shares: Set<String>, spare: Bool) {
        running[owner] = running[owner, default: 1] > 1 ? running[owner, default: 1] - 1 : nil
        runningCount -= 1
        if spare { spareCount -= 1 }
        busyShares.subtract(shares)
        if let place = turn.firstIndex(of: owner) { turn.append(turn.remove(at: place)) }
        startWhatCanRun()
    }
}
