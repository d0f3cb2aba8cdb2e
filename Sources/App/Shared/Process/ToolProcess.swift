import Foundation
import Subprocess

#if canImport(Glibc)
    import Glibc
#endif
#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// Runs a command-line tool on untrusted input (ffmpeg, ffprobe, poppler, qpdf, rsvg-convert)
/// through `swiftlang/swift-subprocess`: no shell, an explicit minimal environment (the tools
/// never see the database's or the mail server's passwords), bounded output, a time limit after
/// which it is killed, and a niceness below the server's own threads. At most one tool for each
/// place and spare place of the tool line (``ToolQueue``) runs at once in the whole process
/// (several applications share a process in the tests).
enum ToolProcess {
    /// One a place of the tool line and one a spare place (``ToolQueue``): a tool of someone's
    /// work never waits behind an import's spare runs.
    private static let slots = ToolSlots(count: 2 * ToolQueue.threadsForTools)

    /// Why a tool gave no answer.
    struct Failed: Error, Equatable, CustomStringConvertible {
        /// What stopped it when it was not the input: the tool said nothing about the file then.
        enum Interruption: Equatable {
            /// Its wall-clock limit ran out: a starved or paused machine as much as the input.
            case timedOut(seconds: Int)
            /// It used up the computing time its ``Limits`` gave it: the input's cost, whatever
            /// else the machine was doing.
            case ranOutOfComputingTime(seconds: Int)
            /// Killed from outside (SIGKILL, SIGTERM: the out-of-memory killer, an operator).
            case killed(signal: Int32)
            case outputTooLarge
            case couldNotStart
        }

        let description: String
        var interruption: Interruption? = nil

        /// Whether it ran past its time limit (the input's cost, for a limit that fits it).
        var timedOut: Bool {
            if case .timedOut = interruption { true } else { false }
        }

        /// Whether it used up its computing time (``Limits/cpuSeconds``).
        var ranOutOfComputingTime: Bool {
            if case .ranOutOfComputingTime = interruption { true } else { false }
        }

        /// The seconds of the limit it ran out of, wall clock or computing; nil when no time
        /// limit stopped it.
        var timeLimit: Int? {
            switch interruption {
            case .timedOut(let seconds), .ranOutOfComputingTime(let seconds): seconds
            default: nil
            }
        }
    }

    /// What a tool may use besides wall-clock time, kept by the kernel through `prlimit`
    /// (util-linux): address space, and seconds of computing, counted whether the machine is
    /// idle or starved. Past its computing time a tool gets `SIGXCPU` and ends (a few seconds
    /// later `SIGKILL`, should it ignore that); it writes no core file.
    struct Limits: Equatable, Sendable {
        var addressSpaceBytes: Int
        var cpuSeconds: Int

        static let prlimit = "/usr/bin/prlimit"

        /// The command that runs `executable` with `arguments` under these limits; as it is
        /// without `prlimit`.
        func command(_ executable: String, _ arguments: [String]) -> (String, [String]) {
            guard FileManager.default.isExecutableFile(atPath: Self.prlimit) else { return (executable, arguments) }
            let limits = ["--as=\(addressSpaceBytes)", "--cpu=\(cpuSeconds):\(cpuSeconds + 5)", "--core=0", "--", executable]
            return (Self.prlimit, limits + arguments)
        }
    }

    struct Output {
        let standardOutput: Data
        /// The start of what it wrote to standard error, trimmed.
        let messages: String
        /// Its exit status, one of those the caller accepted.
        let status: Int32
    }

    /// A tool's complaints cut to about 500 bytes: its first 200 and its last 300 (where a tool
    /// says why it gave up, after its warnings), trimmed.
    static func gist(of messages: Data) -> String {
        let kept = messages.count <= 500 ? messages : messages.prefix(200) + Data(" … ".utf8) + messages.suffix(300)
        return String(decoding: kept, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The environment every tool gets: where programs are, a UTF-8 locale, a home, a place
    /// for temporary files and one thread for OpenMP (tesseract would take every core: one tool
    /// job is one core's worth of work); nothing else of the server's.
    static var environment: [Environment.Key: String] {
        let server = ProcessInfo.processInfo.environment
        return [
            "PATH": server["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "HOME": FileManager.default.temporaryDirectory.path,
            "TMPDIR": FileManager.default.temporaryDirectory.path,
            "OMP_THREAD_LIMIT": "1",
        ]
    }

    /// Runs `executable` with `arguments`, under `limits` when given; succeeds when it exits in
    /// time with one of `acceptedStatuses`, having written at most `outputLimit` bytes to
    /// standard output.
    static func run(
        _ executable: String, _ arguments: [String], timeout: TimeInterval, limits: Limits? = nil, acceptedStatuses: Set<Int32> = [0],
        outputLimit: Int = 64 << 20
    ) async throws -> Output {
        await slots.acquire()
        let started = ContinuousClock.now
        defer { KineticMetrics.recordTool(URL(fileURLWithPath: executable).lastPathComponent, since: started) }
        do {
            let output = try await runAlone(
                executable, arguments, timeout: timeout, limits: limits, acceptedStatuses: acceptedStatuses, outputLimit: outputLimit)
            await slots.release()
            return output
        } catch {
            await slots.release()
            throw error
        }
    }

    private struct TimeLimit: Error {}

    /// How long past its limit a tool's run may go before it is given up on in any case: the
    /// limit itself is kept by `ToolDeadline`, this only covers a tool that closed its standard
    /// error and lingers.
    private static let lingering: TimeInterval = 60

    private static func runAlone(
        _ tool: String, _ toolArguments: [String], timeout: TimeInterval, limits: Limits?, acceptedStatuses: Set<Int32>, outputLimit: Int
    ) async throws -> Output {
        let name = URL(fileURLWithPath: tool).lastPathComponent
        let (executable, arguments) = limits?.command(tool, toolArguments) ?? (tool, toolArguments)
        let timedOut = Failed(description: "\(name) stopped after \(Int(timeout)) s", interruption: .timedOut(seconds: Int(timeout)))
        let execution: ExecutionResult<ToolRun, DataOutput, SequenceOutput>
        do {
            execution = try await withThrowingTaskGroup(of: ExecutionResult<ToolRun, DataOutput, SequenceOutput>?.self) { group in
                group.addTask {
                    // Cancelled, the tool is killed at once and reaped.
                    var options = PlatformOptions()
                    options.teardownSequence = []
                    return try await Subprocess.run(
                        .path(FilePath(executable)), arguments: Arguments(arguments), environment: .custom(environment),
                        platformOptions: options, input: .none, output: .data(limit: outputLimit), error: .sequence
                    ) { running in
                        // Below the server's threads: a decode yields the CPU to requests being answered.
                        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(running.processIdentifier.value), 10)
                        // The limit runs on a clock of its own: when every thread of the server is
                        // busy, a tool that ended in time is not taken for one that did not.
                        // Only through its descriptor: a bare process id may be reused once reaped.
                        let descriptor = running.processIdentifier.processDescriptor
                        let deadline = ToolDeadline(after: timeout) { if descriptor >= 0 { try? running.send(signal: .kill) } }
                        // Its complaints, read to the end so it never blocks on them; the first
                        // 64 KiB are kept (a damaged file can make a tool complain for ever).
                        var kept = Data()
                        do {
                            for try await buffer in running.standardError where kept.count < 64 << 10 {
                                buffer.withUnsafeBytes { kept.append(contentsOf: $0.prefix((64 << 10) - kept.count)) }
                            }
                        } catch {
                            _ = deadline.disarm()
                            throw error
                        }
                        return ToolRun(messages: kept, reachedItsLimit: deadline.disarm())
                    }
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(timeout + lingering))
                    throw TimeLimit()
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let finished = first else { throw TimeLimit() }
                return finished
            }
        } catch is TimeLimit {
            throw timedOut
        } catch let error as SubprocessError where error.code == .outputLimitExceeded {
            throw Failed(description: "\(name) wrote more than \(outputLimit >> 20) MiB", interruption: .outputTooLarge)
        } catch let error as SubprocessError where error.code == .executableNotFound || error.code == .spawnFailed {
            throw Failed(description: "\(executable) could not start: \(error)", interruption: .couldNotStart)
        }
        let messages = Self.gist(of: execution.closureResult.messages)
        if execution.closureResult.reachedItsLimit, case .signaled(SIGKILL) = execution.terminationStatus { throw timedOut }
        switch execution.terminationStatus {
        case .exited(let status) where acceptedStatuses.contains(status):
            return Output(standardOutput: execution.standardOutput, messages: messages, status: status)
        case .exited(let status):
            throw Failed(description: messages.isEmpty ? "\(name) stopped (exit \(status))" : messages)
        case .signaled(SIGXCPU) where limits != nil:
            let seconds = limits?.cpuSeconds ?? 0
            throw Failed(
                description: "\(name) used up its \(seconds) s of computing time", interruption: .ranOutOfComputingTime(seconds: seconds))
        case .signaled(let signal) where signal == SIGKILL || signal == SIGTERM:
            throw Failed(description: "\(name) was stopped from outside (signal \(signal))", interruption: .killed(signal: signal))
        case .signaled(let signal):
            throw Failed(description: messages.isEmpty ? "\(name) crashed (signal \(signal))" : messages)
        }
    }
}

/// What a tool's run tells besides its output: its complaints, and whether its time ran out.
private struct ToolRun: Sendable {
    let messages: Data
    let reachedItsLimit: Bool
}

/// A tool's time limit, kept by a Dispatch timer rather than a task: it fires on time even while
/// the server's tasks wait for a thread, and kills the tool through its process descriptor.
/// Disarmed when the tool has closed its standard error, before the descriptor is closed.
private final class ToolDeadline: @unchecked Sendable {
    private let lock = NSLock()
    private var state = State.armed
    private let timer: DispatchSourceTimer
    private enum State { case armed, fired, disarmed }

    init(after seconds: TimeInterval, kill: @escaping @Sendable () -> Void) {
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + seconds)
        // The handler holds the deadline until `disarm` cancels the timer.
        timer.setEventHandler { [self] in
            lock.withLock {
                guard state == .armed else { return }
                state = .fired
                kill()
            }
        }
        timer.resume()
    }

    /// Stops the timer; true when it had already fired (and killed the tool).
    func disarm() -> Bool {
        timer.cancel()
        return lock.withLock {
            if state == .armed { state = .disarmed }
            return state == .fired
        }
    }
}

/// At most `count` tools at once in the process; the others wait their turn.
private actor ToolSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}
