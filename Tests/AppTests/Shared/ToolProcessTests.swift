import Foundation
import Testing

@testable import App

@Suite struct ToolProcessTests {
    /// Killed at its limit, and gone: a 30-second sleep is stopped after 1 s and leaves no
    /// process behind. The limit is kept on the tool's own clock, so how long the test waits for
    /// a free slot or a thread (the whole suite runs at once on two cores) does not matter.
    @Test func aToolPastItsTimeLimit_isKilled() async throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString).pid")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        await #expect(throws: ToolProcess.Failed(description: "sh stopped after 1 s", interruption: .timedOut(seconds: 1))) {
            try await ToolProcess.run("/bin/sh", ["-c", "echo $$ > '\(pidFile.path)'; exec sleep 30"], timeout: 1)
        }
        let pid = try #require(
            pid_t(String(decoding: try Data(contentsOf: pidFile), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "the tool still runs")
    }

    @Test func aToolsOutputAndAcceptedStatus_areReturned() async throws {
        let output = try await ToolProcess.run(
            "/bin/sh", ["-c", "printf out; printf err >&2; exit 3"], timeout: 10, acceptedStatuses: [0, 3])
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "out")
        #expect(output.messages == "err")
        #expect(output.status == 3)
    }

    /// Tools never see the server's settings (a DATABASE_URL or KINETIC_SMTP_URL holds a
    /// password): only PATH, a UTF-8 locale, HOME and TMPDIR, whatever the server has.
    @Test func aTool_getsAMinimalEnvironment() async throws {
        #expect(ProcessInfo.processInfo.environment.count > 5, "the test process has more to hide")
        let output = try await ToolProcess.run("/usr/bin/env", [], timeout: 10)
        let names = Set(
            String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n").compactMap {
                $0.split(separator: "=").first.map(String.init)
            })
        #expect(names == ["PATH", "LANG", "LC_ALL", "HOME", "TMPDIR", "OMP_THREAD_LIMIT"])
    }

    /// A tool stopped from outside, past its time limit or flooding its output is reported as
    /// such, never as a verdict on its input; a tool that crashes on its input is.
    @Test func interruptions_areToldApartFromVerdicts() async throws {
        await #expect(throws: ToolProcess.Failed.self) { try await ToolProcess.run("/bin/sh", ["-c", "kill -9 $$"], timeout: 10) }
        do { _ = try await ToolProcess.run("/bin/sh", ["-c", "kill -9 $$"], timeout: 10) } catch let failure as ToolProcess.Failed {
            #expect(failure.interruption == .killed(signal: SIGKILL))
        }
        do { _ = try await ToolProcess.run("/usr/bin/yes", [], timeout: 10, outputLimit: 1 << 16) } catch let failure as ToolProcess.Failed
        {
            #expect(failure.interruption == .outputTooLarge)
        }
        do { _ = try await ToolProcess.run("/bin/sleep", ["5"], timeout: 0.5) } catch let failure as ToolProcess.Failed {
            #expect(failure.interruption == .timedOut(seconds: 0))
        }
        do { _ = try await ToolProcess.run("/bin/sh", ["-c", "echo broken >&2; kill -SEGV $$"], timeout: 10) } catch let failure
            as ToolProcess.Failed
        {
            #expect(failure.interruption == nil)
            #expect(failure.description == "broken")
        }
        // A tool that complains without end is judged by its exit, not cut off as "too much".
        do {
            _ = try await ToolProcess.run("/bin/sh", ["-c", "head -c 1000000 /dev/zero | tr '\\000' x >&2; exit 3"], timeout: 10)
        } catch let failure as ToolProcess.Failed {
            #expect(failure.interruption == nil)
            #expect(failure.description.hasPrefix("xxxx"))
        }
        do { _ = try await ToolProcess.run("/no/such/tool", [], timeout: 10) } catch let failure as ToolProcess.Failed {
            #expect(failure.interruption == .couldNotStart)
        }
        let error = AppError.toolInterrupted(
            ToolProcess.Failed(description: "ffmpeg stopped after 60 s", interruption: .timedOut(seconds: 60)))
        #expect(error.status == .serviceUnavailable && error.code == "tool_interrupted" && error.retryAfterSeconds != nil)
    }
}
