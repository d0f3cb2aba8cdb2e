import Foundation
import Testing

/// Runs one of the site's JavaScript modules under Node, to test that a rule the browser and the
/// server both apply gives the same answers in both.
enum NodeModule {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What `script` writes to standard output, decoded, given `input` as JSON on standard input.
    /// The script runs as an ES module with the module at `path` (from the repository root) as
    /// `process.argv[1]`.
    static func run<Input: Encodable, Output: Decodable>(
        _ path: String, script: String, input: Input, as output: Output.Type = Output.self
    ) throws -> Output {
        let module = repositoryRoot.appendingPathComponent(path)
        let node = Process()
        node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        node.arguments = ["node", "--input-type=module", "-e", script, module.absoluteString]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        node.standardInput = stdin
        node.standardOutput = stdout
        node.standardError = stderr
        try node.run()
        let encoded = try JSONEncoder().encode(input)
        let writer = Thread {
            stdin.fileHandleForWriting.write(encoded)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let answer = stdout.fileHandleForReading.readDataToEndOfFile()
        let complaint = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        node.waitUntilExit()
        try #require(node.terminationStatus == 0, "node failed (scripts/test installs nodejs): \(complaint)")
        return try JSONDecoder().decode(Output.self, from: answer)
    }
}
