import Foundation
import KineticCore
import Vapor

/// `kinetic rep-rate <file>`: the rate of each motion log in a JSON Lines file (one log in the
/// API's format per line), one line each: reps, peaks counted, reps a minute and confidence,
/// or `none` when nothing repeats; a refused log prints its first problem. Used by
/// `scripts/bench-rep-rate`.
struct RepRateCommand: AsyncCommand, KineticCommand {
    struct Signature: CommandSignature {
        @Argument(name: "file", help: "motion logs, one JSON object per line")
        var file: String
    }

    static let about = CommandHelp(
        name: "rep-rate", summary: "Prints the repetition rate of each motion log in a JSON Lines file.", usage: "kinetic rep-rate FILE",
        options: [("FILE", "motion logs, one JSON object per line (the API's format)")]
    )

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let text = try String(contentsOfFile: signature.file, encoding: .utf8)
        for line in text.split(separator: "\n") where !line.isEmpty {
            guard let body = try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)) else {
                context.console.print("invalid\tnot JSON")
                continue
            }
            switch MotionLogInput.validate(body) {
            case .failure(let errors):
                context.console.print(
                    "invalid\t" + errors.messages.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
            case .success(let log):
                guard let estimate = RepRateEstimator.estimate(log) else {
                    context.console.print("none")
                    continue
                }
                context.console.print(
                    String(format: "%d\t%d\t%.2f\t%.2f", estimate.reps, estimate.peaks, estimate.repsPerMinute, estimate.confidence))
            }
        }
    }
}
