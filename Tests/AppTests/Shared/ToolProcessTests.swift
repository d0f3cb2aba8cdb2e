import Foundation
import Testing
@testable import App

@Suite struct ToolProcessTests {
    @Test func aToolPastItsTimeLimit_isStopped_evenFromAThreadThatBlocksSIGTERM() async throws {
        let started = Date()
        #expect(throws: ToolProcess.Failed(description: "sleep stopped after 1 s")) {
            try ToolProcess.run("/bin/sleep", ["30"], timeout: 1)
        }
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func aToolsOutputAndAcceptedStatus_areReturned() throws {
        let output = try ToolProcess.run("/bin/sh", ["-c", "printf out; printf err >&2; exit 3"], timeout: 10, acceptedStatuses: [0, 3])
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "out")
        #expect(output.messages == "err")
        #expect(output.status == 3)
    }
}
