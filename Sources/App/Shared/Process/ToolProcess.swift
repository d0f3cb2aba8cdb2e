import Foundation
import NIOConcurrencyHelpers

/// Runs a command-line tool on untrusted input (ffmpeg, ffprobe, poppler, qpdf): no shell, a time limit after
/// which it is terminated, and both of its outputs read at once so it never blocks on a full
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw Failed(description: "\(executable) could not start: \(error)") }
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + timeout)
        // SIGKILL, not `terminate()`: a child inherits the signal mask of the thread that started
        // it, and Swift's threads block SIGTERM, so a tool would never see it.
        timer.setEventHandler { kill(process.processIdentifier, SIGKILL) }
        timer.resume()
        defer { timer.cancel() }
        let messages = NIOLockedValueBox(Data())
        let readingErrors = DispatchGroup()
        readingErrors.enter()
        Thread {
            messages.withLockedValue { $0 = errors.fileHandleForReading.readDataToEndOfFile() }
            readingErrors.leave()
        }.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        readingErrors.wait()
        let text = String(decoding: messages.withLockedValue { $0 }.prefix(500), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationReason == .exit, acceptedStatuses.contains(process.terminationStatus) else {
            let name = URL(fileURLWithPath: executable).lastPathComponent
            if process.terminationReason == .uncaughtSignal { throw Failed(description: "\(name) stopped after \(Int(timeout)) s") }
            throw Failed(description: text.isEmpty ? "\(name) stopped (\(process.terminationStatus))" : text)
        }
        return Output(standardOutput: data, messages: text, status: process.terminationStatus)
    }
}
