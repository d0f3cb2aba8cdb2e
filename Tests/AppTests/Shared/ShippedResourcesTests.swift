import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import App

@Suite struct ShippedResourcesTests {
    /// Every application of a process shares one decoding of a file; a file that failed is read
    /// again by the next one, which reports the same error until the file is right.
    @Test func aFileIsDecodedOnce_andAFailureIsNotKept() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shipped-\(UUID()).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let decodes = NIOLockedValueBox(0)
        let read = {
            try ShippedResources.value(at: path, "the test file") { data -> String in
                decodes.withLockedValue { $0 += 1 }
                return String(decoding: data, as: UTF8.self)
            }
        }
        #expect { try read() } throws: { "\($0)".contains("the test file") && "\($0)".contains(path) }
        #expect { try read() } throws: { "\($0)".contains(path) }
        try Data("first".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try read() == "first")
        try Data("second".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try read() == "first")
        #expect(decodes.withLockedValue { $0 } == 1)
    }
}
