import Foundation
import NIOConcurrencyHelpers

/// Runs a command-line tool on untrusted input (ffmpeg, ffprobe, poppler, qpdf): no shell
/// (``SpawnedProcess``), a time limit after which it is killed, and both of its outputs read at once so it never blocks on a full
/// pipe. At most one tool per core runs at once in the whole process (several applications share a
/// process in the tests), so the tools never starve the server's own threads. Blocking: call it
/// from a thread pool, not an event loop.
enum ToolProcess {
    private static let slots = DispatchSemaphore(value: max(1, ProcessInfo.processInfo.activeProcessorCount))

    struct Failed: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    struct Output {
        let standardOutput: Data
        /// The start of what it wrote to standard error, trimmed.
        let messages: String
        /// Its exit status, one of those the caller accepted.
        let status: Int32
    }

    /// Runs `executable` with `arguments`; succeeds when it exits in time with one of
    /// `acceptedStatuses`.
    static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval, acceptedStatuses: Set<Int32> = [0]) throws -> Output {
        slots.wait()
        defer { slots.signal() }
        let process: SpawnedProcess
        do { process = try SpawnedProcess.start(executable, arguments) } catch { throw Failed(description: "\(executable) could not start: \(error)") }
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + timeout)
        timer.setEventHandler { kill(process.pid, SIGKILL) }
        timer.resume()
        let messages = NIOLockedValueBox(Data())
        let readingErrors = DispatchGroup()
        readingErrors.enter()
        Thread {
            messages.withLockedValue { $0 = process.errors.readDataToEndOfFile() }
            readingErrors.leave()
        }.start()
        let data = process.output.readDataToEndOfFile()
        readingErrors.wait()
        let termination = process.wait()
        timer.cancel()
        let text = String(decoding: messages.withLockedValue { $0 }.prefix(500), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let name = URL(fileURLWithPath: executable).lastPathComponent
        guard case .exit(let status) = termination, acceptedStatuses.contains(status) else {
            if case .signal = termination { throw Failed(description: "\(name) stopped after \(Int(timeout)) s") }
            throw Failed(description: text.isEmpty ? "\(name) stopped (\(termination))" : text)
        }
        return Output(standardOutput: data, messages: text, status: status)
    }
}
