#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import NIOConcurrencyHelpers

/// A program started with `posix_spawn`, its standard output and error on pipes, its standard
/// input `/dev/null`, every signal unblocked and at its default.
///
/// Not Foundation's `Process`: on Linux its `run()` reads past a buffer while it lists
/// `/proc/self/fd` and crashes now and then (swift-corelibs-foundation PR 5472, not yet in the
/// Swift this runs on), and its children inherit the signal mask of the thread that started
/// them, in which Swift's threads block SIGTERM.
struct SpawnedProcess {
    let pid: pid_t
    let output: FileHandle
    let errors: FileHandle

    struct CouldNotStart: Error, CustomStringConvertible {
        let description: String
    }

    /// How it ended: its exit status, or the signal that stopped it.
    enum Termination: Equatable {
        case exit(Int32)
        case signal(Int32)
    }

    /// Held from making the pipes until they are close-on-exec in this process, so that no
    /// other child started here inherits them (it would keep a pipe open after its tool ended).
    private static let spawning = NIOLock()

    static func start(_ executable: String, _ arguments: [String]) throws -> SpawnedProcess {
        try spawning.withLock { try startLocked(executable, arguments) }
    }

    private static func pipeClosedOnExec() throws -> [Int32] {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw CouldNotStart(description: "no pipe: \(String(cString: strerror(errno)))") }
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    private static func startLocked(_ executable: String, _ arguments: [String]) throws -> SpawnedProcess {
        let output = try pipeClosedOnExec()
        let errors: [Int32]
        do { errors = try pipeClosedOnExec() } catch {
            output.forEach { close($0) }
            throw error
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(output[1])
        close(errors[1])
        guard result == 0 else {
            close(output[0])
            close(errors[0])
            throw CouldNotStart(description: String(cString: strerror(result)))
        }
        // Below the server's own threads: a decode yields the CPU to requests being answered.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), 10)
        return SpawnedProcess(pid: pid, output: FileHandle(fileDescriptor: output[0], closeOnDealloc: true),
                              errors: FileHandle(fileDescriptor: errors[0], closeOnDealloc: true))
    }

    /// Waits until it ends and reaps it.
    func wait() -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? .exit((status >> 8) & 0xff) : .signal(signal)
    }
}
